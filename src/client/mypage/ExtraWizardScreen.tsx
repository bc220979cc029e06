import { PreparingScreen } from '../ui/PreparingScreen';

export default function ExtraWizardScreen() {
  return <PreparingScreen title="추가 정보 설정" />;
}
