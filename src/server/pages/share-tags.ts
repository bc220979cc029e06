import { type CampusSettings, campusTitle } from '../../shared/campus';
import { MAP_HEIGHT, MAP_WIDTH } from '../../shared/constants';
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

// The campus's overview art: the built-in PNG render, or the PNG the server made of an uploaded map (campus/map-art.ts).
const BUILT_IN_OVERVIEW_PNG = '/art/map/campus.png';
const SITE_NAME = '파티온';

/** Where and when, the line a preview shows under the title: "한빛대학교 도서관 · 2026년 3월 3일 (화) 19:00". */
const partyWhereWhen = (party: Pick<PartyDetail, 'place_name' | 'start_time'>, campus: CampusSettings) =>
  `${campusTitle(campus)} ${party.place_name} · ${partyDateTime(new Date(party.start_time))}`;

type Tag = [string, string, string];
const writeTags = (tags: Tag[]) => tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join('');

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
export function partyShareTags(party: PartyDetail, campus: CampusSettings, origin: string | null): string {
  const image = imagePath(party.place_photo);
  const tags: Tag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ko_KR'],
    ['property', 'og:title', party.title],
    ['property', 'og:description', partyWhereWhen(party, campus)],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', party.title],
    ['name', 'twitter:description', partyWhereWhen(party, campus)],
  ];
  if (origin) {
    tags.push(['property', 'og:url', `${origin}/partyinfo/${party.id}`], ['property', 'og:image', `${origin}${image.path}`]);
    if (image.art) tags.push(['property', 'og:image:width', String(ART_SIZE.width)], ['property', 'og:image:height', String(ART_SIZE.height)]);
    tags.push(['property', 'og:image:alt', party.place_name], ['name', 'twitter:image', `${origin}${image.path}`]);
  }
  return writeTags(tags);
}

/**
 * The tags of the campus's own pages (the home list, the map): the campus's name, and its overview map as the
 * picture — a shared link to 파티온 shows which school it is for.
 */
export function campusShareTags(campus: CampusSettings, origin: string | null): string {
  const title = `${SITE_NAME} · ${campusTitle(campus)}`;
  const description = `${campusTitle(campus)} 캠퍼스의 파티를 지도에서 찾고 함께해요.`;
  const tags: Tag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ko_KR'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (origin) {
    const image = `${origin}${campus.map?.overview_png ?? BUILT_IN_OVERVIEW_PNG}`;
    tags.push(
      ['property', 'og:url', origin + '/'],
      ['property', 'og:image', image],
      ['property', 'og:image:width', String(MAP_WIDTH)],
      ['property', 'og:image:height', String(MAP_HEIGHT)],
      ['property', 'og:image:alt', `${campusTitle(campus)} 캠퍼스 지도`],
      ['name', 'twitter:image', image],
    );
  }
  return writeTags(tags);
}
