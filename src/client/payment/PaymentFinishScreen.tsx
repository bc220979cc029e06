import { PreparingScreen } from '../ui/PreparingScreen';

export default function PaymentFinishScreen() {
  return <PreparingScreen title="예약 완료" />;
}
