import { request as httpsRequest } from 'node:https';
import { createServer, type LookupFunction } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundPolicy, hostPortKey, isInternalAddress, OutboundRefused, type OutboundPolicy } from '../../../src/server/http/outbound-policy';
import { postOutbound } from '../../../src/server/http/outbound-post';
import { startPushService } from '../../helpers/push-service';

const post = (policy: OutboundPolicy, url: string) => postOutbound(policy, url, { headers: { 'content-type': 'text/plain' }, body: Buffer.from('hi'), timeoutMs: 10_000 });

/** A name resolver that answers `addresses` for every name, and remembers the names it was asked. */
function fakeDns(addresses: string[]) {
  const asked: string[] = [];
  const lookup: LookupFunction = (hostname, options, callback) => {
    asked.push(hostname);
    const found = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if (options.all) callback(null, found);
    else callback(null, found[0].address, found[0].family);
  };
  return { lookup, asked };
}

describe('outbound policy: where a push may go', () => {
  const policies: OutboundPolicy[] = [];
  const policy = (opts: Parameters<typeof createOutboundPolicy>[0]) => {
    const p = createOutboundPolicy(opts);
    policies.push(p);
    return p;
  };
  afterAll(() => {
    for (const p of policies) p.close();
  });

  it('tells internal addresses from public ones, IPv4-mapped forms included', () => {
    const internal = [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      'not an address',
    ];
    const pub = ['8.8.8.8', '142.250.196.110', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2607:f8b0:4004:c1b::5f', '::ffff:8.8.8.8'];
    expect(internal.filter((a) => !isInternalAddress(a))).toEqual([]);
    expect(pub.filter(isInternalAddress)).toEqual([]);
  });

  it('takes https on port 443 to a name or a public address, and nothing else', () => {
    const p = policy({ testHosts: [] });
    const refused = (url: string) => p.refusal(new URL(url));
    for (const ok of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com:443/wpush/v2/x', 'https://web.push.apple.com/Q', 'https://8.8.8.8/push']) {
      expect(refused(ok), ok).toBeNull();
    }
    const bad = {
      'http://fcm.googleapis.com/fcm/send/abc': 'not https',
      'https://fcm.googleapis.com:8443/fcm/send/abc': 'port 8443, not 443',
      'https://169.254.169.254/latest/meta-data/': '169.254.169.254 is an internal address',
      'https://10.0.0.1:8080/': 'port 8080, not 443',
      'https://10.0.0.1/': '10.0.0.1 is an internal address',
      'https://[::1]/': '::1 is an internal address',
      'https://[::ffff:127.0.0.1]/': '::ffff:7f00:1 is an internal address',
      'https://2130706433/': '127.0.0.1 is an internal address',
      'https://0x7f.1/': '127.0.0.1 is an internal address',
      'https://user:secret@fcm.googleapis.com/': 'credentials in the address',
      'ftp://fcm.googleapis.com/': 'not an http(s) address',
    };
    expect(Object.fromEntries(Object.keys(bad).map((url) => [url, refused(url)]))).toEqual(bad);
  });

  it('refuses a name that resolves to an internal address as the connection looks it up (DNS rebinding)', async () => {
    // Accepted when subscribed (a name is not resolved then); what it resolves to when the push leaves decides.
    for (const addresses of [['127.0.0.1'], ['::ffff:169.254.169.254'], ['93.184.216.34', '10.0.0.7'], ['fd00::5']]) {
      const dns = fakeDns(addresses);
      const p = policy({ testHosts: [], lookup: dns.lookup });
      expect(p.refusal(new URL('https://push.example.test/sub/1'))).toBeNull();
      await expect(post(p, 'https://push.example.test/sub/1')).rejects.toThrow(OutboundRefused);
      await expect(post(p, 'https://push.example.test/sub/1')).rejects.toThrow(/push\.example\.test resolves to .+, an internal address/);
      expect(dns.asked).toContain('push.example.test');
    }
  });

  describe('against servers on this machine', () => {
    let listener: ReturnType<typeof createServer>;
    let port: number;
    let connections = 0;
    beforeAll(async () => {
      // Hangs up on whoever connects, so a connection that got through fails at once instead of waiting for TLS.
      listener = createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      port = (listener.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    it('judges the address it really connects to: localhost is refused before a byte is sent', async () => {
      const agent = policy({ testHosts: [] }).agentFor(new URL('https://push.example.test/'));
      const failure = await new Promise<Error>((resolve) => {
        const req = httpsRequest({ host: 'localhost', port, path: '/internal-admin', agent }, () => resolve(new Error('answered')));
        req.on('error', resolve);
        req.end();
      });
      expect(failure).toBeInstanceOf(OutboundRefused);
      expect(failure.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), an internal address$/);
      expect(connections).toBe(0);
    });

    it('never follows a redirect: a 3xx is the answer and its target hears nothing', async () => {
      const redirecting = await startPushService();
      const inside = await startPushService({ address: '127.0.0.2' });
      try {
        redirecting.answers.set('/redir', `${inside.origin}/internal-admin`);
        // Both are test hosts, so only the rule against redirects stands between them.
        const p = policy({ testHosts: [redirecting.host, inside.host] });
        expect(await post(p, `${redirecting.origin}/redir`)).toBe(302);
        expect(redirecting.deliveries.map((d) => d.path)).toEqual(['/redir']);
        expect(inside.deliveries).toEqual([]);
      } finally {
        await redirecting.close();
        await inside.close();
      }
    });

    it('lets exactly the test hosts through over http, no other port or name of this machine', async () => {
      const listed = await startPushService();
      const other = await startPushService();
      try {
        const p = policy({ testHosts: [hostPortKey(listed.host) as string] });
        expect(await post(p, `${listed.origin}/push/1`)).toBe(201);
        expect(listed.deliveries.map((d) => d.path)).toEqual(['/push/1']);
        await expect(post(p, `${other.origin}/push/2`)).rejects.toThrow(`${other.origin}: not https`);
        const byName = `http://localhost:${new URL(listed.origin).port}`;
        await expect(post(p, `${byName}/push/3`)).rejects.toThrow(`${byName}: not https`);
        expect(other.deliveries).toEqual([]);
        expect(listed.deliveries).toHaveLength(1);
        // Without the setting, the stand-in is out of reach like any address of this machine.
        await expect(post(policy({ testHosts: [] }), `${listed.origin}/push/4`)).rejects.toThrow(OutboundRefused);
        expect(listed.deliveries).toHaveLength(1);
      } finally {
        await listed.close();
        await other.close();
      }
    });
  });

  it('reads host:port pairs as a URL spells them, and nothing else', () => {
    expect(hostPortKey('127.0.0.1:5191')).toBe('127.0.0.1:5191');
    expect(hostPortKey(' LocalHost:80 ')).toBe('localhost:80');
    expect(hostPortKey('[0:0::1]:5192')).toBe('[::1]:5192');
    for (const bad of ['127.0.0.1', '127.0.0.1:0', '127.0.0.1:70000', 'http://127.0.0.1:5191', 'a/b:5191', '::1:5191', 'user@host:1']) {
      expect(hostPortKey(bad), bad).toBeNull();
    }
  });
});
