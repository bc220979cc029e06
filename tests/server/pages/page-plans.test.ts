import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPagePlans, PAGE_ROUTES, pageLink } from '../../../src/server/pages/page-plans';
import type { ViteManifest } from '../../../src/server/pages/vite-manifest';

// A manifest shaped like Vite's: the entry with a shared chunk, a lazy map screen that imports the same shared
// chunk and its own gesture chunk, and the map's medium art.
const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-aaa.js', imports: ['_shared-bbb.js'], css: ['assets/index-ccc.css'] },
  '_shared-bbb.js': { file: 'assets/shared-bbb.js' },
  '_gesture-ddd.js': { file: 'assets/gesture-ddd.js', imports: ['_shared-bbb.js'] },
  'src/client/map/MapScreen.tsx': { file: 'assets/MapScreen-eee.js', imports: ['_shared-bbb.js', '_gesture-ddd.js', 'index.html'], css: ['assets/MapScreen-fff.css'] },
  'src/client/map/MapStage.tsx': { file: 'assets/MapStage-ggg.js', imports: ['_shared-bbb.js'] },
  'src/client/party/PartyDetailScreen.tsx': { file: 'assets/PartyDetailScreen-hhh.js', imports: ['index.html'] },
  'assets/map/campus-medium.webp': { file: 'assets/campus-medium-iii.webp' },
};

const links = (header: string | null) => (header ?? '').split(', ').filter(Boolean);

describe('page routes (the Link header of a page, and which pages are drawn)', () => {
  const plans = createPagePlans(MANIFEST);
  const preloads = (path: string) => plans(path).link;

  it('announces the map screen’s chunks, styles, data and main picture, but nothing the entry already loads', () => {
    expect(links(preloads('/map'))).toEqual([
      '</api/detailview/parties/>; rel=preload; as=fetch; crossorigin=anonymous',
      '</assets/campus-medium-iii.webp>; rel=preload; as=image; fetchpriority=high',
      '</assets/MapScreen-fff.css>; rel=preload; as=style; crossorigin=anonymous',
      '</assets/MapScreen-eee.js>; rel=modulepreload',
      '</assets/gesture-ddd.js>; rel=modulepreload',
    ]);
  });

  it('preloads an uploaded campus map instead of the built-in art (issue 29)', () => {
    expect(pageLink(plans('/map'), null)).toBe(preloads('/map'));
    const custom = links(pageLink(plans('/map'), '/media/campus/abc.webp'));
    expect(custom[1]).toBe('</media/campus/abc.webp>; rel=preload; as=image; fetchpriority=high');
    expect(custom.some((l) => l.includes('campus-medium-iii'))).toBe(false);
    expect(custom).toHaveLength(5);
    // A page without the map keeps its header.
    expect(pageLink(plans('/'), '/media/campus/abc.webp')).toBe(preloads('/'));
  });

  it('fetches the home list for / and /home, and a party’s own detail for its page', () => {
    expect(links(preloads('/'))).toEqual(['</api/homemap/home/>; rel=preload; as=fetch; crossorigin=anonymous']);
    expect(preloads('/home')).toBe(preloads('/'));
    expect(links(preloads('/partyinfo/42'))).toEqual([
      '</api/detailview/parties/42/>; rel=preload; as=fetch; crossorigin=anonymous',
      '</assets/PartyDetailScreen-hhh.js>; rel=modulepreload',
    ]);
  });

  it('announces nothing for other pages or malformed ids', () => {
    expect(preloads('/mypage')).toBeNull();
    expect(preloads('/partyinfo/abc')).toBeNull();
    expect(preloads('/partyinfo/0')).toBeNull();
  });

  it('still preloads the data without a build manifest (API-only runs)', () => {
    expect(links(createPagePlans(null)('/map').link)).toEqual(['</api/detailview/parties/>; rel=preload; as=fetch; crossorigin=anonymous']);
  });

  it('has the server draw the home list, the map and a party’s detail, with their chunks and styles', () => {
    expect(plans('/').render).toEqual({ data: '/api/homemap/home/', members: false, sameForEveryone: true, filtered: true, modules: [], css: [], share: 'campus' });
    expect(plans('/home').render).toEqual(plans('/').render);
    expect(plans('/partyinfo/42').render).toEqual({
      data: '/api/detailview/parties/42/',
      members: false,
      // The detail carries the visitor's own seat: a logged-in student must not start from the guest's copy.
      sameForEveryone: false,
      filtered: false,
      modules: ['/assets/PartyDetailScreen-hhh.js'],
      css: [],
      // Its page carries the party's link-preview tags.
      share: 'party',
    });
    // The map is drawn as a phone shows it (the page loader drops it on a wide screen), from the filtered list.
    expect(plans('/map').render).toEqual({
      data: '/api/detailview/parties/',
      members: false,
      sameForEveryone: true,
      filtered: true,
      modules: ['/assets/MapScreen-eee.js', '/assets/gesture-ddd.js'],
      css: ['assets/MapScreen-fff.css'],
      // The campus's pages carry its link-preview tags (its name, its overview map).
      share: 'campus',
    });
    // The lobby is drawn for members before any data of theirs, the same for every member, where its party exists
    // (the party's public detail says so; the lobby's app never reads it, so nothing preloads it).
    expect(plans('/balancewait/7').render).toMatchObject({ data: '/api/detailview/parties/7/', members: true, sameForEveryone: true });
    expect(plans('/balancewait/7').link ?? '').not.toContain('/api/detailview/parties/7/');
    expect(plans('/balancegame/7').render).toBeUndefined();
    expect(plans('/login').render).toBeUndefined();
    // Without a build there is nothing to draw with.
    expect(createPagePlans(null)('/').render).toBeUndefined();
  });

  it('names only screens and art that exist', () => {
    for (const route of PAGE_ROUTES) {
      for (const file of [...route.modules, ...(route.campusArt ? ['assets/map/campus-medium.webp'] : [])]) expect(existsSync(file), file).toBe(true);
    }
  });
});
