import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { OutboundRefused, type OutboundPolicy } from './outbound-policy';

/**
 * POSTs to an address a user chose, under the outbound policy, and answers the status. Redirects are never followed
 * (node's client does not): a 3xx is the answer, and the address it names is never asked. Fails with OutboundRefused
 * when the policy refuses the address, before or while connecting, and with the client's error otherwise.
 */
export function postOutbound(
  policy: OutboundPolicy,
  target: string,
  init: { headers: Record<string, string>; body: Buffer; timeoutMs: number; /** Ends the request early (a server that is stopping). */ signal?: AbortSignal },
): Promise<number> {
  const url = new URL(target);
  const refused = policy.refusal(url);
  if (refused) return Promise.reject(new OutboundRefused(`${url.origin}: ${refused}`));
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...init.headers, 'content-length': String(init.body.length) }, agent: policy.agentFor(url), signal: init.signal ? AbortSignal.any([AbortSignal.timeout(init.timeoutMs), init.signal]) : AbortSignal.timeout(init.timeoutMs) },
      (res) => {
        // The body is of no use and may be endless: read and dropped, within the same deadline.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
