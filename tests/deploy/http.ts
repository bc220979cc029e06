import { Agent, request } from 'undici';
import { answerIsPending, answerWasLost, KEYED_ATTEMPTS, keyedRetryDelay, newIdempotencyKey } from '../../src/client/api/idempotency-key';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../src/shared/idempotency';

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  /** The body read as JSON of the shape the caller expects (undefined when it is not JSON). */
  json<T = Record<string, unknown>>(): T;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a multipart body, with its content-type in headers). */
  body?: Buffer;
}

export interface Client {
  origin: string;
  call(path: string, call?: Call): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * Requests to one origin: an instance directly (http) or nginx (https, trusting only the test's certificate), from
 * `localAddress` — another loopback address is another client as nginx sees it.
 */
export function client(origin: string, opts: { ca?: string; localAddress?: string } = {}): Client {
  // undici's own request rather than fetch: it sends every header given (fetch drops Host), follows no redirect.
  const agent = new Agent({ localAddress: opts.localAddress, connect: { ca: opts.ca } });
  return {
    origin,
    async call(path, { method = 'GET', headers = {}, json: sent, body } = {}) {
      const res = await request(`${origin}${path}`, {
        method: method as 'GET',
        headers: sent === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: sent === undefined ? body : JSON.stringify(sent),
        dispatcher: agent,
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const text = bytes.toString('utf8');
      const json = <T>() => {
        try {
          return JSON.parse(text) as T;
        } catch {
          return undefined as T;
        }
      };
      const answered = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const one of [value ?? []].flat()) answered.append(name, one);
      }
      return { status: res.statusCode, headers: answered, bytes, text, json };
    },
    close: () => agent.close(),
  };
}

export interface KeyedAnswer {
  status: number;
  body: unknown;
  /** The server said it gave this answer before (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

/**
 * A student's action as the app sends it (src/client/api/client.ts): one Idempotency-Key per tap, sent again with the
 * same key while the answer is lost on the way (502/503/504, no answer at all), a few times with a pause. `each` hears
 * every attempt's answer (status 0: none came); the last one is returned.
 */
export async function callAsTheAppDoes(c: Client, path: string, call: Call, each?: (seen: KeyedAnswer) => void): Promise<KeyedAnswer> {
  const key = newIdempotencyKey();
  for (let attempt = 1; ; attempt++) {
    let seen: KeyedAnswer;
    try {
      const res = await c.call(path, { method: 'POST', ...call, headers: { ...call.headers, [IDEMPOTENCY_HEADER]: key } });
      seen = { status: res.status, body: res.json(), replayed: res.headers.get(REPLAYED_HEADER) === 'true' };
    } catch {
      seen = { status: 0, body: null, replayed: false };
    }
    each?.(seen);
    if (!(answerWasLost(seen.status) || answerIsPending(seen.status, seen.body)) || attempt >= KEYED_ATTEMPTS) return seen;
    await new Promise((resolve) => setTimeout(resolve, keyedRetryDelay(attempt)));
  }
}
