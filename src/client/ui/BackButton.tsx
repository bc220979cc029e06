import { BackIcon } from './icons';
import { COMMON_TEXTS } from './texts';
import { useGoBack } from './use-go-back';

export function BackButton({ fallback = '/' }: { fallback?: string }) {
  const goBack = useGoBack(fallback);
  return (
    <button type="button" className="icon-button" aria-label={COMMON_TEXTS.back} onClick={goBack}>
      <BackIcon />
    </button>
  );
}
