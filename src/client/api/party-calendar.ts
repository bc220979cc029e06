// The backend host when it is not the page's own (VITE_API_BASE), as for every other call.
const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

/** A party's iCalendar file (GET /api/detailview/parties/{id}/calendar.ics), public like its page. */
export const partyCalendarUrl = (partyId: number) => `${API_BASE}/api/detailview/parties/${partyId}/calendar.ics`;
