/** ws: or wss: to match the page (spec §7), same host, with the access token as the server's handshake expects. */
export function socketUrl(path: string, token: string | null, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}${path}${query}`;
}
