import { PreparingScreen } from '../ui/PreparingScreen';

export default function ExtraDoneScreen() {
  return <PreparingScreen title="프로필 세팅" />;
}
