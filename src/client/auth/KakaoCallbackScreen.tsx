import { PreparingScreen } from '../ui/PreparingScreen';

export default function KakaoCallbackScreen() {
  return <PreparingScreen title="카카오 로그인" />;
}
