import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from '../../../src/shared/image-sniff';

// The one rule the browser and the server judge an upload by (its first bytes), so both refuse the same files.
describe('sniffImageFormat', () => {
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } });

  it.each(['jpeg', 'png', 'webp'] as const)('knows a real %s by its bytes', async (format) => {
    const bytes = await image.clone().toFormat(format).toBuffer();
    expect(sniffImageFormat(bytes)).toBe(format);
  });

  it.each([
    ['a PDF (named .png or not)', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WebP (a WAV)', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['too few bytes', Buffer.from([0x89, 0x50])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_, bytes) => {
    expect(sniffImageFormat(bytes)).toBeNull();
  });

  it('refuses a GIF, which the server does not take either', async () => {
    expect(sniffImageFormat(await image.clone().gif().toBuffer())).toBeNull();
  });
});
