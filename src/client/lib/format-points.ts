// Spec §9: points carry thousands separators and a P; the deposit is written with a small p.
const grouped = new Intl.NumberFormat('ko-KR');

export function formatPoints(points: number): string {
  return `${grouped.format(points)}P`;
}

export function formatDeposit(points: number): string {
  return `${grouped.format(points)}p`;
}
