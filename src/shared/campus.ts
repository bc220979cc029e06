// The campus a deployment serves (issue 29): its school's name, the campus's own name, and its map art. Without a
// row the built-in 한빛대학교 and its art (assets/map/*) are the campus, as the demo always had.
//
// What the students' screens need (the home list names the campus, so the entry imports this file): kept small, no
// zod. What only the console and the server use is in campus-upload.ts.

const DEFAULT_SCHOOL = '한빛대학교';

/** The public answer every screen showing the campus reads (and a drawn page carries). */
export const CAMPUS_PATH = '/api/campus/';

/** The art of an uploaded map, as /media/ URLs (webp, plus a PNG of the overview for link previews). */
export interface CampusMapArt {
  overview: string;
  overview_png: string;
  medium: string;
  large: string;
}

/** GET /api/campus/: `map` is null while the built-in art is the campus's. */
export interface CampusSettings {
  school: string;
  campus_name: string;
  map: CampusMapArt | null;
}

export const DEFAULT_CAMPUS: CampusSettings = { school: DEFAULT_SCHOOL, campus_name: '', map: null };

/** How the campus is named on screens and in link previews: "한빛대학교" or "한빛대학교 서울캠퍼스". */
export const campusTitle = (campus: Pick<CampusSettings, 'school' | 'campus_name'>) =>
  campus.campus_name ? `${campus.school} ${campus.campus_name}` : campus.school;
