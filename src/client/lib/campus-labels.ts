import type { Rect } from './map-math';

/**
 * The names written on the campus art (assets/map/campus-large.svg, `class="t lb"`), as boxes in the art's pixels
 * (MAP_IMAGE): the text with its white halo, a little generous (every glyph counted a full em wide). Markers are
 * placed clear of them (placeMarker). tests/client/map/campus-labels.test.ts checks them against the SVG: a label
 * moved or renamed there must be moved here too.
 */
export const CAMPUS_LABELS: readonly (Rect & { name: string })[] = [
  { name: '주차장', left: 3292.2, top: 270.6, right: 3385.9, bottom: 309.8 },
  { name: '주차장', left: 417.3, top: 1642.6, right: 511, bottom: 1681.8 },
  { name: '정문', left: 1536.2, top: 1694.8, right: 1618, bottom: 1742.2 },
  { name: '후문', left: 1139.7, top: 53.2, right: 1221.5, bottom: 100.6 },
  { name: '버스정류장', left: 1286.1, top: 1747.7, right: 1435.5, bottom: 1786.9 },
  { name: '중앙도서관', left: 1742.9, top: 737.7, right: 1961.2, bottom: 791.2 },
  { name: '학생회관', left: 1282.1, top: 993, right: 1458.9, bottom: 1046.5 },
  { name: '공학관', left: 2673.5, top: 518.8, right: 2808.6, bottom: 572.3 },
  { name: '인문관', left: 747.4, top: 518.8, right: 882.5, bottom: 572.3 },
  { name: '경영관', left: 2266, top: 1102.5, right: 2401.1, bottom: 1156 },
  { name: '디자인관', left: 467.3, top: 1102.5, right: 644, bottom: 1156 },
  { name: '체육관', left: 3117.9, top: 1175.4, right: 3253, bottom: 1228.9 },
  { name: '대운동장', left: 2874.9, top: 1558.5, right: 3051.5, bottom: 1612 },
  { name: '예술관', left: 1043.6, top: 1430.8, right: 1178.8, bottom: 1484.3 },
  { name: '소프트웨어관', left: 3166.6, top: 664.7, right: 3426.6, bottom: 718.2 },
  { name: '법학관', left: 1414, top: 336.4, right: 1549.2, bottom: 389.9 },
  { name: '노천극장', left: 1948.9, top: 1467.3, right: 2125.6, bottom: 1520.8 },
  { name: '한빛기숙사', left: 150.2, top: 628.2, right: 368.5, bottom: 681.7 },
  { name: '한빛호수 잔디광장', left: 2038.6, top: 264.4, right: 2406.2, bottom: 316 },
];
