import { PreparingScreen } from '../ui/PreparingScreen';

export default function AssistScreen() {
  return <PreparingScreen title="파티비서" back={false} />;
}
