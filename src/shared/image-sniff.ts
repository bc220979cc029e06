/**
 * The photo formats uploads accept (JPEG, PNG, WebP), told apart by their first bytes — never by the file's name or
 * declared type, which a PDF renamed `.png` fakes. The server refuses by this rule before decoding, and the browser
 * refuses by the same rule before uploading, so both say the same thing about the same file.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** How many leading bytes sniffImageFormat needs. */
export const IMAGE_SNIFF_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF", then 4 bytes of length, then "WEBP"
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return null;
}
