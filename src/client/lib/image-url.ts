import defaultParty from '../../../assets/images/default-party.svg';

// Same origin unless a separate backend host is configured at build time.
const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

const KEEP_AS_IS = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Spec §5: absolute, data: and blob: URLs are kept; relative ones are served by the backend; a missing image
 * becomes the default picture so a card never shows a broken frame.
 */
export function resolveImageUrl(url: string | null | undefined, fallback: string = defaultParty): string {
  const trimmed = url?.trim();
  if (!trimmed) return fallback;
  if (KEEP_AS_IS.test(trimmed)) return trimmed;
  return `${API_BASE}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
}
