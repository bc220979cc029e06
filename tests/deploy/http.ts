import { Agent, request } from 'undici';

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
