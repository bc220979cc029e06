import { partyCalendarUrl } from '../api/party-calendar';
import { CALENDAR_TEXTS } from './texts';
import './calendar-link.css';

/**
 * "캘린더에 추가": the party's .ics file, which a phone hands to its calendar app. A plain link (the file is public,
 * no token to send); `download` names the file where the browser saves it instead. A small button's 44 px hit area.
 */
export function CalendarLink({ partyId, className = '' }: { partyId: number; className?: string }) {
  return (
    <a className={`button button--small button--ghost calendar-link ${className}`.trim()} href={partyCalendarUrl(partyId)} download={`party-${partyId}.ics`}>
      {CALENDAR_TEXTS.add}
    </a>
  );
}
