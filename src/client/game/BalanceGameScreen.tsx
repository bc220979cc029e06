import { PreparingScreen } from '../ui/PreparingScreen';

export default function BalanceGameScreen() {
  return <PreparingScreen title="밸런스 게임" />;
}
