import { z } from 'zod';
import { MAP_HEIGHT, MAP_LARGE_HEIGHT, MAP_LARGE_WIDTH, MAP_WIDTH } from './constants';

// The campus a deployment serves (issue 29): its school's name, the campus's own name, and its map art. Without a
// row the built-in 한빛대학교 and its art (assets/map/*) are the campus, as the demo always had.

export const DEFAULT_SCHOOL = '한빛대학교';

/** The public answer every screen showing the campus reads (and a drawn page carries). */
export const CAMPUS_PATH = '/api/campus/';

export const CAMPUS_NAME_MAX = 40;

/** PUT /api/ops/campus/: the names. An empty campus name means "the school only" (one campus). */
export const opsCampusUpdate = z.object({
  school: z.string().trim().min(1, '학교 이름을 입력해 주세요.').max(CAMPUS_NAME_MAX, `학교 이름은 ${CAMPUS_NAME_MAX}자 이하로 입력해 주세요.`),
  campus_name: z.string().trim().max(CAMPUS_NAME_MAX, `캠퍼스 이름은 ${CAMPUS_NAME_MAX}자 이하로 입력해 주세요.`).default(''),
});

/**
 * The two drawings an operator uploads, at the sizes the built-in art has (spec §9): the overview the party page
 * shows, and the detailed one the map screen pans over. Markers sit at x_norm/y_norm of either.
 */
export const CAMPUS_MAP_FILES = {
  overview: { width: MAP_WIDTH, height: MAP_HEIGHT, label: '전체 지도' },
  large: { width: MAP_LARGE_WIDTH, height: MAP_LARGE_HEIGHT, label: '상세 지도' },
} as const;
export type CampusMapFile = keyof typeof CAMPUS_MAP_FILES;

export const CAMPUS_MESSAGES = {
  mapMissing: (file: CampusMapFile) => `${CAMPUS_MAP_FILES[file].label} 그림을 올려 주세요.`,
  mapSize: (file: CampusMapFile, width: number, height: number) => {
    const want = CAMPUS_MAP_FILES[file];
    return `${want.label}는 ${want.width}×${want.height} 픽셀이어야 합니다. (올린 그림: ${width}×${height})`;
  },
} as const;

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
