// An iCalendar file (RFC 5545) of one party, for "캘린더에 추가". Written by hand: it is one event of a few fixed
// properties, and the npm writers (ical-generator and the like) bring a dependency tree for what is forty lines
// here — the parts that matter (escaping, UTF-8-safe folding, CRLF) are tested directly (tests/server/parties/
// calendar.test.ts).

/**
 * How long the calendar blocks for a party. Parties have no end time; two hours is what a campus party (a dinner,
 * a board-game night, a match) usually takes, and shorter than the 3-hour standby window, which is when the app
 * stops counting arrivals rather than when the party ends.
 */
export const CALENDAR_EVENT_HOURS = 2;

export interface CalendarParty {
  id: number;
  title: string;
  description: string;
  placeName: string;
  startTime: Date;
  cancelled: boolean;
}

const MAX_OCTETS = 75;
const CRLF = '\r\n';

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, any newline as \n, other controls dropped. */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ''); // eslint-disable-line no-control-regex
}

/**
 * A content line folded at 75 octets (§3.1): each continuation starts with one space, which counts towards its
 * 75, and no UTF-8 character (a Hangul syllable is 3 octets, an emoji 4) is cut between two lines.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** A UTC date-time, "20260303T100000Z" (§3.3.5 form 2): no time zone block needed, and exact whatever the reader's zone. */
const utc = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The whole file: one VEVENT in UTC times, CRLF line endings, every line folded. */
export function partyCalendar(party: CalendarParty, opts: { now: Date; url: string | null; uidHost: string }): string {
  const end = new Date(party.startTime.getTime() + CALENDAR_EVENT_HOURS * 3_600_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//PartyOn//파티온//KO',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // The same for every download of the party, so a second import updates the event instead of adding another.
    `UID:party-${party.id}@${opts.uidHost}`,
    `DTSTAMP:${utc(opts.now)}`,
    `DTSTART:${utc(party.startTime)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(party.title)}`,
    `LOCATION:${escapeText(party.placeName)}`,
    `DESCRIPTION:${escapeText(party.description)}`,
    ...(opts.url ? [`URL:${opts.url}`] : []),
    `STATUS:${party.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
