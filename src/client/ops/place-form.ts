import { roundNorm } from './pin-drag';

/** A position field's text for a normalised coordinate: a percent of the art with two decimals. */
export const percentText = (norm: number) => (norm * 100).toFixed(2);

/** The list's shorter form: one decimal is enough to tell places apart at a glance. */
export const percentShort = (norm: number) => (norm * 100).toFixed(1);

/** A position field read back as a normalised coordinate, or null when it is not a number from 0 to 100. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || value > 100) return null;
  return roundNorm(value / 100);
}

/** Both position fields read back, with a message beside each one that is not a percent of the art. */
export function readPosition(text: { x: string; y: string }, message: string): { norm: { x: number; y: number } | null; errors: { x?: string; y?: string } } {
  const x = parsePercent(text.x);
  const y = parsePercent(text.y);
  const errors = { x: x === null ? message : undefined, y: y === null ? message : undefined };
  return { norm: x !== null && y !== null ? { x, y } : null, errors };
}
