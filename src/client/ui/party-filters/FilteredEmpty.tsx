import { FILTER_TEXTS } from './filter-texts';

/** Filters that match nothing: said apart from "no parties at all", with the way back to every party. */
export function FilteredEmpty({ onClear, className }: { onClear: () => void; className: string }) {
  return (
    <div className={className}>
      <p>{FILTER_TEXTS.noMatch}</p>
      <button type="button" className="button button--small button--ghost" onClick={onClear}>
        {FILTER_TEXTS.clear}
      </button>
    </div>
  );
}
