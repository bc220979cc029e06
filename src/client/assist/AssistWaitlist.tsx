import { Link } from 'wouter';
import { useMyWaitlist } from '../api/waitlist';
import { formatMonthDayTime } from '../lib/format-date';
import { MyStateChip } from '../ui/MyStateChip';
import { ASSIST_TEXTS as T } from './assist-texts';

/**
 * The full parties I wait for (issue 18), with my place in each line; a tap opens the party, where the line can be
 * left. Nothing at all when I wait for none.
 */
export function AssistWaitlist({ enabled }: { enabled: boolean }) {
  const { data } = useMyWaitlist(enabled);
  if (!enabled || !data?.length) return null;
  return (
    <section className="assist-waitlist" aria-labelledby="assist-waitlist-title">
      <h2 id="assist-waitlist-title" className="assist-waitlist__title">
        {T.waitlistTitle}
      </h2>
      <ul className="plain-list assist-waitlist__list">
        {data.map((entry) => (
          <li key={entry.party_id} className="assist-waitlist__item">
            <Link href={`/partyinfo/${entry.party_id}`} className="assist-waitlist__link">
              <span className="assist-waitlist__name">{entry.title}</span>
              <span className="assist-waitlist__meta">
                <time dateTime={entry.start_time}>{formatMonthDayTime(entry.start_time)}</time> · {entry.place_name}
              </span>
            </Link>
            <MyStateChip seat={{ kind: 'waiting', position: entry.position }} />
          </li>
        ))}
      </ul>
    </section>
  );
}
