/** The server refuses a longer search (400): the field stops there. */
const SEARCH_MAX = 50;

interface Props {
  label: string;
  hint: string;
  value: string;
  onValue: (value: string) => void;
  className: string;
}

/** A console search box (students on the points page and in the verification queue): its label above, a hint inside. */
export function SearchField({ label, hint, value, onValue, className }: Props) {
  return (
    <label className={className}>
      <span>{label}</span>
      <input className="field__input" type="search" value={value} maxLength={SEARCH_MAX} placeholder={hint} onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}
