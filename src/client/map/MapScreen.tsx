import { PreparingScreen } from '../ui/PreparingScreen';

export default function MapScreen() {
  return <PreparingScreen title="지도" back={false} />;
}
