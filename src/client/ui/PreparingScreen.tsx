import { ScreenPage } from './ScreenPage';
import { COMMON_TEXTS } from './texts';

/** Stands in for a screen a later release builds; it says so plainly rather than pretending to work. */
export function PreparingScreen({ title, back = true }: { title: string; back?: boolean }) {
  return (
    <ScreenPage title={title} back={back}>
      <div className="preparing">
        <p className="preparing__main">{COMMON_TEXTS.preparing}</p>
        <p className="preparing__hint">{COMMON_TEXTS.preparingHint}</p>
      </div>
    </ScreenPage>
  );
}
