import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DAY_PRESETS, isCalendarDate, SEARCH_MAX, type PartyFilters } from '../../../shared/party-filters';
import { useTagsInUse } from '../../api/party-tags';
import { useLatest } from '../../lib/use-latest';
import { CloseIcon } from '../icons';
import { FILTER_TEXTS as T } from './filter-texts';
import './filters.css';

// Typing writes the URL (and asks the server) once the student pauses.
const TYPING_PAUSE_MS = 300;

interface Props {
  filters: PartyFilters;
  setFilters: (next: PartyFilters, options?: { replace?: boolean }) => void;
}

/** Home's and the map sheet's filters, above the list: a search field, day chips, open seats and a tag picker. */
export function FilterBar({ filters, setFilters }: Props) {
  const tags = useTagsInUse().data ?? [];
  const [text, setText] = useState(filters.q ?? '');
  // The search this field last wrote: a different one in the URL came from elsewhere (Back, 필터 지우기).
  const written = useRef(filters.q);
  const latest = useLatest(filters);
  const input = useRef<HTMLInputElement>(null);

  // On a drawn page a student may type before the app takes the page over: what they typed is kept and searched.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== text) setText(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app takes the field over
  }, []);

  useEffect(() => {
    if (filters.q === written.current) return;
    written.current = filters.q;
    setText(filters.q ?? '');
  }, [filters.q]);

  const writeSearch = (value: string) => {
    const q = value.trim() || undefined;
    if (q === latest.current.q) return;
    written.current = q;
    setFilters({ ...latest.current, q }, { replace: true });
  };

  useEffect(() => {
    const timer = setTimeout(() => writeSearch(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new text starts the pause
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    writeSearch(text);
  };
  const set = (change: Partial<PartyFilters>) => setFilters({ ...filters, ...change });
  const date = filters.day && isCalendarDate(filters.day) ? filters.day : '';
  const tagOptions = filters.tag && !tags.includes(filters.tag) ? [filters.tag, ...tags] : tags;

  return (
    <form role="search" aria-label={T.label} className="filter-bar" onSubmit={submit}>
      <div className="filter-bar__search">
        <input
          ref={input}
          type="search"
          className="filter-bar__input"
          aria-label={T.search}
          placeholder={T.search}
          maxLength={SEARCH_MAX}
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {text && (
          <button
            type="button"
            className="icon-button filter-bar__clear"
            aria-label={T.clearSearch}
            onClick={() => {
              setText('');
              writeSearch('');
            }}
          >
            <CloseIcon width={18} height={18} />
          </button>
        )}
      </div>
      <div className="filter-bar__chips">
        {DAY_PRESETS.map((day) => (
          <button
            key={day}
            type="button"
            className="filter-chip tap-area"
            aria-pressed={filters.day === day}
            onClick={() => set({ day: filters.day === day ? undefined : day })}
          >
            {T.days[day]}
          </button>
        ))}
        <input
          type="date"
          className="filter-chip filter-chip--date"
          aria-label={T.date}
          data-active={!!date}
          value={date}
          onChange={(event) => set({ day: isCalendarDate(event.target.value) ? event.target.value : undefined })}
        />
        <button type="button" className="filter-chip tap-area" aria-pressed={!!filters.open} onClick={() => set({ open: !filters.open || undefined })}>
          {T.open}
        </button>
        <select
          className="filter-chip filter-chip--tag"
          aria-label={T.tag}
          data-active={!!filters.tag}
          value={filters.tag ?? ''}
          onChange={(event) => set({ tag: event.target.value || undefined })}
        >
          <option value="">{T.anyTag}</option>
          {tagOptions.map((tag) => (
            <option key={tag} value={tag}>
              #{tag}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
