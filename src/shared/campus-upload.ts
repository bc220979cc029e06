import { MAP_HEIGHT, MAP_LARGE_HEIGHT, MAP_LARGE_WIDTH, MAP_WIDTH } from './constants';

// Setting the campus up (issue 29): the limits and Korean refusals the server applies and the console says before
// sending. Apart from campus.ts so the students' entry does not carry them; the request schema is in ops.ts.

export const CAMPUS_NAME_MAX = 40;

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
