import { PreparingScreen } from '../ui/PreparingScreen';

export default function ProfileEditScreen() {
  return <PreparingScreen title="프로필 수정" />;
}
