import { PreparingScreen } from '../ui/PreparingScreen';

export default function MyPageScreen() {
  return <PreparingScreen title="마이페이지" back={false} />;
}
