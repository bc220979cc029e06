import sharp from 'sharp';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { sniffImageFormat, type ImageFormat } from '../../shared/image-sniff';
import { HttpError } from '../http/errors';

// A decoded image larger than this is refused before it can eat the server's memory ("pixel flood").
const MAX_PIXELS = 40_000_000;
const ACCEPTED = new Set<string>(['jpeg', 'png', 'webp'] satisfies ImageFormat[]);

/**
 * Checks an upload by its bytes (never by its name or declared type), decodes it fully so a truncated file is
 * caught, and re-encodes it: that drops EXIF (a phone photo carries its GPS position) and normalises orientation.
 */
export async function normalizeImage(
  bytes: Buffer,
  field: string,
  opts: { maxSide: number; quality?: number },
): Promise<{ bytes: Buffer; ext: 'jpg' }> {
  // The browser refuses by the same first-bytes rule, so a file it lets through is not refused here for its type.
  if (!sniffImageFormat(bytes)) throw new HttpError(400, { [field]: [M.imageType] });
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new HttpError(400, { [field]: [M.imageType] });
  }
  if (!format || !ACCEPTED.has(format)) throw new HttpError(400, { [field]: [M.imageType] });
  try {
    const out = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: opts.quality ?? 85, mozjpeg: true })
      .toBuffer();
    return { bytes: out, ext: 'jpg' };
  } catch {
    throw new HttpError(400, { [field]: [M.imageBroken] });
  }
}
