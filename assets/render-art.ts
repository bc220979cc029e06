// Renders every hand-written SVG under assets/ to its raster outputs with sharp (librsvg).
// Run from the repository root:  npx tsx assets/render-art.ts
// Deterministic and offline: same SVG in, same bytes out. Korean text needs a CJK font installed
// (Debian: fonts-noto-cjk), otherwise librsvg draws boxes.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SEED_PLACES } from '../src/server/db/seed/places';

const ASSETS = path.dirname(fileURLToPath(import.meta.url));

interface Output {
  file: string; // relative to assets/
  width: number;
  height: number;
  format: 'png' | 'webp';
  quality?: number; // webp only
  lossless?: boolean; // webp only: flat art stays crisp, and is small
}
interface Job {
  svg: string; // relative to assets/
  width: number; // the SVG's own width (viewBox units)
  outputs: Output[];
}

const png = (file: string, width: number, height: number): Output => ({ file, width, height, format: 'png' });
const webp = (file: string, width: number, height: number, quality: number): Output => ({
  file,
  width,
  height,
  format: 'webp',
  quality,
});

const jobs: Job[] = [
  {
    svg: 'map/campus.svg',
    width: 822,
    outputs: [png('map/campus.png', 822, 460), webp('map/campus.webp', 822, 460, 82)],
  },
  {
    svg: 'map/campus-large.svg',
    width: 3704,
    // The medium render is what /map shows first (sharp enough zoomed out on a DPR-2 phone); the large follows.
    outputs: [webp('map/campus-large.webp', 3704, 1824, 80), webp('map/campus-medium.webp', 1852, 912, 70), png('map/campus-large.png', 3704, 1824)],
  },
  {
    svg: 'icons/marker.svg',
    width: 64,
    outputs: [png('icons/marker.png', 64, 64), png('icons/marker@2x.png', 128, 128)],
  },
  {
    svg: 'icons/app.svg',
    width: 512,
    // Full-bleed art with the glyph inside the central 80% circle, so it is valid as "any" and "maskable".
    outputs: [png('icons/app-192.png', 192, 192), png('icons/app-512.png', 512, 512), png('icons/app-maskable-512.png', 512, 512)],
  },
  {
    svg: 'images/default-avatar.svg',
    width: 200,
    outputs: [png('images/default-avatar.png', 200, 200), webp('images/default-avatar.webp', 200, 200, 82)],
  },
  {
    svg: 'images/default-party.svg',
    width: 640,
    outputs: [png('images/default-party.png', 640, 400), webp('images/default-party.webp', 640, 400, 80)],
  },
  { svg: 'images/bomb.svg', width: 240, outputs: [png('images/bomb.png', 240, 240)] },
  { svg: 'images/vs.svg', width: 160, outputs: [png('images/vs.png', 160, 160)] },
];

// One illustration per place in the seed, plus any extra SVGs someone dropped into places/.
const placeKeys = new Set(SEED_PLACES.map((p) => p.key));
for (const f of readdirSync(path.join(ASSETS, 'places'))) if (f.endsWith('.svg')) placeKeys.add(f.slice(0, -4));
for (const key of [...placeKeys].sort()) {
  jobs.push({
    svg: `places/${key}.svg`,
    width: 640,
    // @2x: the party page's photo spans the 361 px column, 722 device pixels on a DPR-2 phone (lib/place-art-srcset.ts);
    // lossy webp blurs the flat shapes' edges at that size, lossless keeps them and weighs 15-50 kB.
    outputs: [webp(`places/${key}.webp`, 640, 400, 78), { ...webp(`places/${key}@2x.webp`, 1280, 800, 100), lossless: true }, png(`places/${key}.png`, 640, 400)],
  });
}

async function main(): Promise<void> {
  const rows: [string, number][] = [];
  const missing: string[] = [];
  for (const job of jobs) {
    const src = path.join(ASSETS, job.svg);
    try {
      statSync(src);
    } catch {
      missing.push(job.svg);
      continue;
    }
    for (const out of job.outputs) {
      // Rasterise at the output's scale (crisp @2x), then pin the exact pixel size.
      const density = (72 * out.width) / job.width;
      let img = sharp(src, { density }).resize(out.width, out.height, { fit: 'fill' });
      img =
        out.format === 'png'
          ? img.png({ compressionLevel: 9, adaptiveFiltering: true })
          : img.webp({ quality: out.quality ?? 80, lossless: out.lossless ?? false, effort: 6 });
      const dest = path.join(ASSETS, out.file);
      await img.toFile(dest);
      rows.push([`assets/${out.file}`, statSync(dest).size]);
    }
  }
  const w = Math.max(...rows.map(([f]) => f.length));
  console.log(`${'file'.padEnd(w)}  ${'bytes'.padStart(9)}`);
  for (const [f, size] of rows) console.log(`${f.padEnd(w)}  ${String(size).padStart(9)}`);
  console.log(`${rows.length} files, ${rows.reduce((a, [, s]) => a + s, 0)} bytes`);
  if (missing.length > 0) {
    console.error(`missing SVG sources: ${missing.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
