import { PreparingScreen } from '../ui/PreparingScreen';

export default function HistoryScreen() {
  return <PreparingScreen title="참여이력" />;
}
