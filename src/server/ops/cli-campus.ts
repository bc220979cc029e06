import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

type Flags = Record<string, string | undefined>;

/**
 * `npm run ops -- campus:map --overview FILE --large FILE`: the two drawings of the campus map as the console sends
 * them (multipart), read from disk. A file that cannot be read is named before anything is sent.
 */
export function campusMapForm(f: Flags): FormData {
  const form = new FormData();
  for (const field of ['overview', 'large'] as const) {
    const path = f[field];
    if (!path) throw new Error(`--${field} 파일을 지정해 주세요. (전체 지도 822×460, 상세 지도 3704×1824; PNG, JPEG, WebP)`);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (err) {
      throw new Error(`${path} 파일을 읽을 수 없습니다 (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
    }
    form.append(field, new Blob([new Uint8Array(bytes)]), basename(path));
  }
  return form;
}
