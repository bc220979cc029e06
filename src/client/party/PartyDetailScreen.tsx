import { PreparingScreen } from '../ui/PreparingScreen';

export default function PartyDetailScreen() {
  return <PreparingScreen title="파티 상세" />;
}
