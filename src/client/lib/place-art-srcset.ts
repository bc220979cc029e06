import { resolveImageUrl } from './image-url';

// Our own place art (assets/places/, drawn by assets/render-art.ts) is served at 640×400 and, for DPR-2 screens,
// as `@2x` at 1280×800. An uploaded photo is one file (at most 800 px wide, ops/place-edit-routes.ts): no set.
const PLACE_ART = /^(\/art\/places\/[\w-]+)\.webp$/;

/** The `srcset` of a place photo, by its URL as the API gives it; undefined when there is only the one file. */
export function placeArtSrcSet(url: string | null | undefined): string | undefined {
  const match = url?.trim().match(PLACE_ART);
  if (!match) return undefined;
  return `${resolveImageUrl(`${match[1]}.webp`)} 640w, ${resolveImageUrl(`${match[1]}@2x.webp`)} 1280w`;
}
