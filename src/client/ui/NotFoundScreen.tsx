import { ErrorState } from './ErrorState';
import { ScreenPage } from './ScreenPage';
import { COMMON_TEXTS } from './texts';

/** An address no screen answers: says so, and the way home. */
export function NotFoundScreen() {
  return (
    <ScreenPage title={COMMON_TEXTS.notFound}>
      <ErrorState message={COMMON_TEXTS.notFound} hint={COMMON_TEXTS.notFoundHint} />
    </ScreenPage>
  );
}
