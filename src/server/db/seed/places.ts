// The demo campus (한빛대학교). Each place sits on its building in assets/map/*: x_norm/y_norm are the building's
// centre as a share of the map's width/height, so both map images (822x460 and 3704x1824, same campus) agree.
export interface SeedPlace {
  key: string;
  name: string;
  x_norm: number;
  y_norm: number;
}

export const SEED_PLACES: SeedPlace[] = [
  { key: 'library', name: '중앙도서관', x_norm: 0.5, y_norm: 0.42 },
  { key: 'student-union', name: '학생회관', x_norm: 0.37, y_norm: 0.56 },
  { key: 'engineering', name: '공학관', x_norm: 0.74, y_norm: 0.3 },
  { key: 'humanities', name: '인문관', x_norm: 0.22, y_norm: 0.3 },
  { key: 'business', name: '경영관', x_norm: 0.63, y_norm: 0.62 },
  { key: 'design', name: '디자인관', x_norm: 0.15, y_norm: 0.62 },
  { key: 'gym', name: '체육관', x_norm: 0.86, y_norm: 0.66 },
  { key: 'field', name: '대운동장', x_norm: 0.8, y_norm: 0.87 },
  { key: 'arts', name: '예술관', x_norm: 0.3, y_norm: 0.8 },
  { key: 'software', name: '소프트웨어관', x_norm: 0.89, y_norm: 0.38 },
  { key: 'law', name: '법학관', x_norm: 0.4, y_norm: 0.2 },
  { key: 'amphitheater', name: '노천극장', x_norm: 0.55, y_norm: 0.82 },
  { key: 'dormitory', name: '한빛기숙사', x_norm: 0.07, y_norm: 0.36 },
  { key: 'lake', name: '한빛호수 잔디광장', x_norm: 0.6, y_norm: 0.16 },
];
