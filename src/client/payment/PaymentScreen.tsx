import { PreparingScreen } from '../ui/PreparingScreen';

export default function PaymentScreen() {
  return <PreparingScreen title="예약금 결제" />;
}
