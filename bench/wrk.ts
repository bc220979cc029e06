// Debian's wrk (2 threads) against a URL, for the bench scripts: req/s, p50/p99 in ms, answers ≥ 400 and timeouts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
}

function toMs(v: string): number {
  const m = v.match(/^([\d.]+)(us|ms|s)$/);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

// Async on purpose: the server runs in the bench's process and must keep serving while wrk waits.
export async function wrk(
  url: string,
  opts: { seconds: number; connections: number; headers?: Record<string, string>; script?: { file: string; args: string[] } },
): Promise<WrkResult> {
  const headers = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const script = opts.script ? ['-s', opts.script.file] : [];
  const args = ['-t2', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', ...script, ...headers, url, ...(opts.script ? ['--', ...opts.script.args] : [])];
  const { stdout: out } = await promisify(execFile)('wrk', args, { encoding: 'utf8' });
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = toMs(out.match(/\s50%\s+(\S+)/)?.[1] ?? '');
  const p99 = toMs(out.match(/\s99%\s+(\S+)/)?.[1] ?? '');
  // Apart: an answer of 400 or more is the server's doing, a timeout (wrk's 2 s) is a request still waiting.
  const errors = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const timeouts = Number(out.match(/Socket errors:.*timeout (\d+)/)?.[1] ?? 0);
  return { rps, p50, p99, errors, timeouts };
}
