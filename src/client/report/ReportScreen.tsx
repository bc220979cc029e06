import { PreparingScreen } from '../ui/PreparingScreen';

export default function ReportScreen() {
  return <PreparingScreen title="멤버 신고하기" />;
}
