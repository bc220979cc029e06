import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send what a user chose the address of (a push subscription's endpoint today, the outbox's
 * deliveries tomorrow): https on port 443 to a public address, nothing else. The address is judged when the socket is
 * about to connect — by the lookup the connection itself uses — so a name that resolved to a public address at
 * subscribe time and to 127.0.0.1 now (DNS rebinding) is still refused. Redirects are never followed (outbound-post.ts).
 *
 * The one exception is for tests: OUTBOUND_TEST_HOSTS names host:port pairs (a local push stand-in) that may be
 * reached over plain http and on this machine; config.ts refuses it in production.
 */

/** A destination the policy refuses; the message (English, for the log) says why. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

// Addresses no user-chosen delivery may reach: this machine, the private networks around it and the cloud's metadata
// service. BlockList also matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 ranges.
const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches this host
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with the cloud metadata service at 169.254.169.254
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking networks
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  internal.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is one a user-chosen delivery may never reach (anything that is not an IP address is). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return true;
  return internal.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** `host:port` as the policy compares it: the host as a URL spells it (lower case, IPv6 in brackets); null if malformed. */
export function hostPortKey(entry: string): string | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i.exec(entry.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535 || !URL.canParse(`http://${m[1]}/`)) return null;
  return `${new URL(`http://${m[1]}/`).hostname}:${Number(m[2])}`;
}

const keyOf = (url: URL) => `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

/** A lookup that fails with OutboundRefused when the name resolves to an internal address (any one of them). */
function guardedLookup(resolve: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const found = typeof address === 'string' ? [address] : address.map((a) => a.address);
      const bad = found.find(isInternalAddress);
      if (bad !== undefined) return callback(new OutboundRefused(`${hostname} resolves to ${bad}, an internal address`), address, family);
      callback(null, address, family);
    });
  };
}

export interface OutboundPolicy {
  /** Why `url` may not be reached, judged before connecting (scheme, port, a literal address); null when it may. */
  refusal(url: URL): string | null;
  /** The agent to connect to `url` with (the guarded one unless it is a test host). */
  agentFor(url: URL): HttpAgent;
  /** Closes the kept-alive connections. */
  close(): void;
}

export function createOutboundPolicy(opts: {
  /** OUTBOUND_TEST_HOSTS, as hostPortKey spells them. */
  testHosts: readonly string[];
  /** The name resolution under the guard (tests hand in their own). */
  lookup?: LookupFunction;
}): OutboundPolicy {
  const testHosts = new Set(opts.testHosts);
  // Kept alive: a cancelled party pushes to many phones on the same push service. A connection is only ever opened
  // through the guarded lookup, so one kept for later was judged when it opened.
  const guarded = new HttpsAgent({ keepAlive: true, lookup: guardedLookup(opts.lookup) });
  // A test's stand-in, reached as named (it listens on this machine by design).
  const testHttp = new HttpAgent({ keepAlive: true });
  const testHttps = new HttpsAgent({ keepAlive: true });
  return {
    refusal(url) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'not an http(s) address';
      if (url.username || url.password) return 'credentials in the address';
      if (testHosts.has(keyOf(url))) return null;
      if (url.protocol !== 'https:') return 'not https';
      if (url.port && url.port !== '443') return `port ${url.port}, not 443`;
      // A literal address is connected to as it is: no lookup to guard, so it is judged here.
      const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(literal) && isInternalAddress(literal)) return `${literal} is an internal address`;
      return null;
    },
    agentFor(url) {
      if (!testHosts.has(keyOf(url))) return guarded;
      return url.protocol === 'https:' ? testHttps : testHttp;
    },
    close() {
      for (const agent of [guarded, testHttp, testHttps]) agent.destroy();
    },
  };
}
