import sharp from 'sharp';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { CAMPUS_MAP_FILES, CAMPUS_MESSAGES as CM, type CampusMapFile } from '../../shared/campus-upload';
import { MAP_LARGE_HEIGHT, MAP_LARGE_WIDTH } from '../../shared/constants';
import { sniffImageFormat } from '../../shared/image-sniff';
import { HttpError } from '../http/errors';

// The largest accepted picture (3704×1824) is under 7 megapixels; anything bigger is refused before decoding.
const MAX_PIXELS = 10_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

/** The files a map upload becomes, as assets/render-art.ts renders the built-in art (same sizes, same qualities). */
export interface RenderedMap {
  overview: Buffer;
  overviewPng: Buffer;
  medium: Buffer;
  large: Buffer;
}

type Checked = { ok: true; bytes: Buffer } | { ok: false; message: string };

/** One drawing checked by its bytes: a format we take, whole, and exactly the size the map's coordinates assume. */
async function checkFile(file: CampusMapFile, bytes: Buffer | undefined): Promise<Checked> {
  if (!bytes) return { ok: false, message: CM.mapMissing(file) };
  if (!sniffImageFormat(bytes)) return { ok: false, message: M.imageType };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    return { ok: false, message: M.imageType };
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) return { ok: false, message: M.imageType };
  // A phone's photo may be stored sideways with an EXIF orientation: the size that counts is the one shown.
  const { width, height } = meta.autoOrient;
  const want = CAMPUS_MAP_FILES[file];
  if (width !== want.width || height !== want.height) return { ok: false, message: CM.mapSize(file, width, height) };
  return { ok: true, bytes };
}

/**
 * Checks both drawings (every problem of both is reported at once, per field) and renders what the app serves:
 * WebP for the screens, a PNG of the overview for link previews (their scrapers mostly take no WebP), and the
 * half-size render of the detailed map that /map shows first. Nothing is stored here.
 */
export async function renderCampusMap(files: Partial<Record<CampusMapFile, Buffer>>): Promise<RenderedMap> {
  const [overview, large] = await Promise.all([checkFile('overview', files.overview), checkFile('large', files.large)]);
  const errors: Record<string, string[]> = {};
  if (!overview.ok) errors.overview = [overview.message];
  if (!large.ok) errors.large = [large.message];
  if (!overview.ok || !large.ok) throw new HttpError(400, errors);
  const open = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate();
  // A file whose header reads well may still be cut short: found while decoding, and told per field.
  const render = async <T>(file: CampusMapFile, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw new HttpError(400, { [file]: [M.imageBroken] });
    }
  };
  const [[overviewWebp, overviewPng], [medium, largeWebp]] = await Promise.all([
    render('overview', () => Promise.all([open(overview.bytes).webp({ quality: 82, effort: 4 }).toBuffer(), open(overview.bytes).png({ compressionLevel: 9 }).toBuffer()])),
    render('large', () =>
      Promise.all([
        open(large.bytes)
          .resize(MAP_LARGE_WIDTH / 2, MAP_LARGE_HEIGHT / 2)
          .webp({ quality: 70, effort: 4 })
          .toBuffer(),
        open(large.bytes).webp({ quality: 80, effort: 4 }).toBuffer(),
      ]),
    ),
  ]);
  return { overview: overviewWebp, overviewPng, medium, large: largeWebp };
}
