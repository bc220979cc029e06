import { OpsField } from './OpsField';
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
      <OpsField {...common} label={T.x} help={T.xHelp} value={value.x} error={errors.x} onValue={(x) => onChange({ ...value, x })} />
      <OpsField {...common} label={T.y} help={T.yHelp} value={value.y} error={errors.y} onValue={(y) => onChange({ ...value, y })} />
    </div>
  );
}
