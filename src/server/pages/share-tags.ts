import { partyDateTime } from '../../shared/campus-date';
import type { PartyDetail } from '../../shared/parties';

// Link previews (KakaoTalk, iMessage, Slack, X) read these from the page's <head>. Most of their scrapers take no
// WebP, so our own art is linked as the PNG render that sits beside each WebP (assets/); uploads are JPEG already.
const DEFAULT_IMAGE = '/art/images/default-party.png';
const ART_WEBP = /^(\/art\/[\w/-]+)\.webp$/;
// The place art and the default picture are 640×400; an upload is at most 800 px, its size unknown here.
const ART_SIZE = { width: 640, height: 400 };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Where and when, the line a preview shows under the title: "도서관 · 2026년 3월 3일 (화) 19:00". */
const partyWhereWhen = (party: Pick<PartyDetail, 'place_name' | 'start_time'>) =>
  `${party.place_name} · ${partyDateTime(new Date(party.start_time))}`;

function imagePath(photo: string | null): { path: string; art: boolean } {
  if (!photo || !photo.startsWith('/')) return { path: DEFAULT_IMAGE, art: true };
  const art = ART_WEBP.exec(photo);
  if (art) return { path: `${art[1]}.png`, art: true };
  return { path: photo, art: false };
}

/**
 * The Open Graph and Twitter card tags of a party's page, every value escaped (a title is anyone's text). `origin`
 * makes the image and page links absolute, which the protocol requires; without one (a Host that is not a host
 * name, see http/public-origin.ts) those two are left out rather than written relative.
 */
export function partyShareTags(party: PartyDetail, origin: string | null): string {
  const image = imagePath(party.place_photo);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', '파티온'],
    ['property', 'og:locale', 'ko_KR'],
    ['property', 'og:title', party.title],
    ['property', 'og:description', partyWhereWhen(party)],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', party.title],
    ['name', 'twitter:description', partyWhereWhen(party)],
  ];
  if (origin) {
    tags.push(['property', 'og:url', `${origin}/partyinfo/${party.id}`], ['property', 'og:image', `${origin}${image.path}`]);
    if (image.art) tags.push(['property', 'og:image:width', String(ART_SIZE.width)], ['property', 'og:image:height', String(ART_SIZE.height)]);
    tags.push(['property', 'og:image:alt', party.place_name], ['name', 'twitter:image', `${origin}${image.path}`]);
  }
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join('');
}
