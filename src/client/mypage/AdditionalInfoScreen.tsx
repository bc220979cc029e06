import { PreparingScreen } from '../ui/PreparingScreen';

export default function AdditionalInfoScreen() {
  return <PreparingScreen title="추가 정보 입력" />;
}
