import { PreparingScreen } from '../ui/PreparingScreen';

export default function LobbyScreen() {
  return <PreparingScreen title="파티 대기실" />;
}
