import { describe, expect, it } from 'vitest';
import { placeArtSrcSet } from '../../src/client/lib/place-art-srcset';

describe('placeArtSrcSet', () => {
  it('offers our place art at 640 and, for DPR-2 screens, its 1280 px render', () => {
    expect(placeArtSrcSet('/art/places/library.webp')).toBe('/art/places/library.webp 640w, /art/places/library@2x.webp 1280w');
    expect(placeArtSrcSet(' /art/places/student-union.webp ')).toBe(
      '/art/places/student-union.webp 640w, /art/places/student-union@2x.webp 1280w',
    );
  });

  it('has no set for a photo that exists in one size only (an upload, an outside address, nothing)', () => {
    for (const url of ['/media/places/ab12.jpg', 'https://cdn.example.com/art/places/library.webp', '/art/places/library.png', '/art/map/campus.webp', '', null, undefined]) {
      expect(placeArtSrcSet(url)).toBeUndefined();
    }
  });
});
