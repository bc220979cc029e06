import { PlaceField } from './PlaceField';
import { PLACES_TEXTS as T } from './places-texts';

export interface PositionText {
  x: string;
  y: string;
}

interface Props {
  value: PositionText;
  onChange: (value: PositionText) => void;
  errors: { x?: string; y?: string };
}

/** A place's position typed instead of dragged: percents of the art, for a keyboard or a screen reader. */
export function PositionFields({ value, onChange, errors }: Props) {
  const common = { type: 'number', inputMode: 'decimal', min: 0, max: 100, step: 0.01 } as const;
  return (
    <div className="places-position">
      <PlaceField {...common} label={T.x} value={value.x} error={errors.x} onValue={(x) => onChange({ ...value, x })} />
      <PlaceField {...common} label={T.y} value={value.y} error={errors.y} onValue={(y) => onChange({ ...value, y })} />
      <p className="field__help places-position__help">{T.positionHelp}</p>
    </div>
  );
}
