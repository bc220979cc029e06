import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/users';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import { bearer, createStudent, createTestApp, multipart, type TestApp, tinyPng, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { allUploads, koreanErrorMessages, tableCounts } from './security-helpers';

/**
 * Hostile uploads on the three endpoints that take a photo — signup's student card, the profile photo and the
 * additional-info student card: each is refused with a clear Korean message and the right status, and nothing is
 * stored: no file under the data dir, no account, no change to the student's row.
 */

function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid 1-bit grayscale PNG of 20,000 × 20,000 pixels (400 megapixels): ~50 KB on disk, 400 MB decoded. */
function pixelFloodPng(): Buffer {
  const side = 20_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  const rows = deflateSync(Buffer.alloc((1 + side / 8) * side), { level: 9 });
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

interface BadFile {
  name: string;
  file: () => Promise<{ bytes: Buffer; name: string; type: string }>;
  status: number;
  /** The exact messages, or null when any Korean message on the field will do. */
  messages: (field: string) => Record<string, string[] | string> | null;
}

const noise = (format: 'png' | 'jpeg') => {
  const img = sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
};
const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2));

const BAD: BadFile[] = [
  {
    name: 'a PDF named photo.jpg',
    file: async () => ({ bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'), name: 'photo.jpg', type: 'image/jpeg' }),
    status: 400,
    messages: (f) => ({ [f]: [M.imageType] }),
  },
  {
    name: 'a PNG cut in half',
    file: async () => ({ bytes: half(await noise('png')), name: 'photo.png', type: 'image/png' }),
    status: 400,
    messages: (f) => ({ [f]: [M.imageBroken] }),
  },
  {
    name: 'a JPEG cut in half',
    file: async () => ({ bytes: half(await noise('jpeg')), name: 'photo.jpg', type: 'image/jpeg' }),
    status: 400,
    messages: (f) => ({ [f]: [M.imageBroken] }),
  },
  {
    name: 'a 20,000×20,000 "pixel flood" PNG',
    file: async () => ({ bytes: pixelFloodPng(), name: 'photo.png', type: 'image/png' }),
    status: 400,
    messages: () => null,
  },
  {
    name: 'a 6 MB file',
    file: async () => ({ bytes: Buffer.concat([await tinyPng(), Buffer.alloc(6 * 1024 * 1024)]), name: 'photo.png', type: 'image/png' }),
    status: 413,
    messages: () => ({ detail: M.imageTooLarge }),
  },
  {
    name: 'an SVG with a <script>',
    file: async () => ({
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64"/></svg>'),
      name: 'photo.svg',
      type: 'image/svg+xml',
    }),
    status: 400,
    messages: (f) => ({ [f]: [M.imageType] }),
  },
];

interface Endpoint {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  field: string;
  /** The actor (headers) and the fields of a request that would succeed with a good photo. */
  prepare: (t: TestApp) => Promise<{ headers: Record<string, string>; fields: Record<string, string>; userId?: number }>;
  ok: number;
}

let n = 0;
const ENDPOINTS: Endpoint[] = [
  {
    name: 'signup (student_card_image)',
    method: 'POST',
    url: '/api/signup/auth/signup/',
    field: 'student_card_image',
    ok: 201,
    prepare: async () => {
      n += 1;
      return {
        headers: {},
        fields: { username: `upload_${n}`, password: 'upload-pass1', password2: 'upload-pass1', name: '업로드', email: `upload${n}@hanbit.ac.kr`, phone: `0195550${String(1000 + n)}`, school: '한빛대학교', privacy_policy_version: '1' },
      };
    },
  },
  {
    name: 'profile (profile_image)',
    method: 'PATCH',
    url: '/api/mypage/profile/',
    field: 'profile_image',
    ok: 200,
    prepare: async (t) => {
      const s = await createStudent(t, { intro: '원래 소개' });
      return { headers: bearer(await tokenFor(t, s.id)), fields: { intro: '새 소개' }, userId: s.id };
    },
  },
  {
    name: 'additional info (student_card_image)',
    method: 'POST',
    url: '/api/mypage/additional/',
    field: 'student_card_image',
    ok: 200,
    prepare: async (t) => {
      n += 1;
      const s = await createStudent(t, { isAdditionalInfoProvided: false, phone: null, school: null, email: null });
      return { headers: bearer(await tokenFor(t, s.id)), fields: { school: '한빛대학교', phone: `0186660${String(1000 + n)}` }, userId: s.id };
    },
  },
  {
    name: 'new student card after a rejection (student_card_image)',
    method: 'POST',
    url: '/api/mypage/student-card/',
    field: 'student_card_image',
    ok: 200,
    prepare: async (t) => {
      const s = await createStudent(t, { verificationStatus: 'rejected', verificationReason: '흐림' });
      return { headers: bearer(await tokenFor(t, s.id)), fields: {}, userId: s.id };
    },
  },
];

describeEachDb('hostile uploads', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const userRow = async (id?: number) => (id ? (await t.database.db.select().from(users).where(eq(users.id, id)))[0] : undefined);

  for (const ep of ENDPOINTS) {
    it(`${ep.name}: a real photo is accepted and stored (the control)`, async () => {
      const { headers, fields } = await ep.prepare(t);
      const before = (await allUploads(t)).length;
      const body = await multipart(fields, { [ep.field]: { bytes: await noise('png'), name: 'photo.png', type: 'image/png' } });
      const res = await t.app.inject({ method: ep.method, url: ep.url, headers: { ...headers, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(ep.ok);
      expect((await allUploads(t)).length).toBe(before + 1);
    });

    for (const bad of BAD) {
      it(`${ep.name}: refuses ${bad.name} with ${bad.status} and stores nothing`, async () => {
        const { headers, fields, userId } = await ep.prepare(t);
        const filesBefore = await allUploads(t);
        const countsBefore = await tableCounts(t);
        const rowBefore = await userRow(userId);
        const body = await multipart(fields, { [ep.field]: await bad.file() });
        const res = await t.app.inject({ method: ep.method, url: ep.url, headers: { ...headers, ...body.headers }, payload: body.payload });

        expect(res.statusCode, res.body).toBe(bad.status);
        koreanErrorMessages(res);
        const expected = bad.messages(ep.field);
        if (expected) expect(res.json()).toEqual(expected);
        else expect(Object.keys(res.json())).toEqual([ep.field]);

        expect(await allUploads(t)).toEqual(filesBefore);
        expect(await tableCounts(t)).toEqual(countsBefore);
        expect(await userRow(userId)).toEqual(rowBefore);
      });
    }
  }

  it('serves nothing uploaded as SVG or HTML from /media/', async () => {
    // Every stored upload is a re-encoded JPEG: nothing a browser would run.
    for (const f of await allUploads(t)) expect(f).toMatch(/\.jpg$/);
  });
});
