import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import defaultParty from '../../assets/images/default-party.svg';
import { resolveImageUrl } from '../../src/client/lib/image-url';
import { Img } from '../../src/client/ui/Img';

describe('resolveImageUrl', () => {
  it('keeps absolute, protocol-relative, data: and blob: URLs', () => {
    for (const url of [
      'https://cdn.example.com/a.jpg',
      'http://example.com/b.png',
      '//cdn.example.com/c.webp',
      'data:image/png;base64,iVBORw0KGgo=',
      'blob:http://localhost/1234',
    ]) {
      expect(resolveImageUrl(url)).toBe(url);
    }
  });

  it('serves relative paths from the backend (same origin by default)', () => {
    expect(resolveImageUrl('/media/places/library.jpg')).toBe('/media/places/library.jpg');
    expect(resolveImageUrl('media/places/library.jpg')).toBe('/media/places/library.jpg');
  });

  it('falls back to the default picture for null or empty values', () => {
    expect(resolveImageUrl(null)).toBe(defaultParty);
    expect(resolveImageUrl(undefined)).toBe(defaultParty);
    expect(resolveImageUrl('   ')).toBe(defaultParty);
    expect(resolveImageUrl('', '/avatar.svg')).toBe('/avatar.svg');
  });
});

describe('<Img>', () => {
  it('shows the default picture when the image fails to load', () => {
    render(<Img src="/media/broken.jpg" fallback="/default.svg" alt="장소 사진" />);
    const img = screen.getByRole('img', { name: '장소 사진' });
    expect(img).toHaveAttribute('src', '/media/broken.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/default.svg');
  });

  it('drops its srcset with the default picture, which the browser would otherwise never show', () => {
    render(<Img src="/art/places/x.webp" srcSet="/art/places/x.webp 640w, /art/places/x@2x.webp 1280w" fallback="/default.svg" alt="장소 사진" />);
    const img = screen.getByRole('img', { name: '장소 사진' });
    expect(img).toHaveAttribute('srcset', '/art/places/x.webp 640w, /art/places/x@2x.webp 1280w');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/default.svg');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('shows the default picture when there is no image at all', () => {
    render(<Img src={null} fallback="/default.svg" alt="장소 사진" />);
    expect(screen.getByRole('img', { name: '장소 사진' })).toHaveAttribute('src', '/default.svg');
  });
});
