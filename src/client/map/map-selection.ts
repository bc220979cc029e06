/**
 * The one place selected on /map: its marker is drawn larger and its cards in the list are marked. A tap on a marker
 * selects it and opens its popup (the list then scrolls to its cards); touching or focusing a card selects its place
 * without a popup. Closing the popup, or a tap on the bare map, clears it.
 */
export interface MapSelection {
  /** The place's group key (placeKey). */
  key: string;
  from: 'marker' | 'card';
}
