import { PreparingScreen } from '../ui/PreparingScreen';

export default function ParticipantsScreen() {
  return <PreparingScreen title="참여자 목록" />;
}
