import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The server writes where it listens beside the ops token in DATA_DIR, so `npm run ops` on the same machine finds
// a server started with another PORT without being told (the token alone was found, the address was not).
const FILE = 'server-address.json';

/** The address a CLI on this machine reaches a server listening on `host`:`port` at. */
function localUrl(host: string, port: number): string {
  const any = host === '0.0.0.0' || host === '::' || host === '';
  const shown = any ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

export function serverAddressFile(dataDir: string): string {
  return join(dataDir, FILE);
}

/** Records the listening address; returns a function that removes the record again if it is still ours. */
export function writeServerAddress(dataDir: string, host: string, port: number): () => void {
  const file = serverAddressFile(dataDir);
  const record = JSON.stringify({ url: localUrl(host, port), pid: process.pid });
  // Written whole under another name and renamed into place: a CLI reading at that moment finds the old record or the
  // new one, never a half-written file (a test read an empty one under load).
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${record}\n`);
  renameSync(partial, file);
  return () => {
    // Another instance on the same DATA_DIR may have written its own since: leave that one.
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === record) rmSync(file, { force: true });
  };
}

/** The address a running server recorded, or undefined when none did (or the record is unreadable). */
export function readServerAddress(dataDir: string): string | undefined {
  try {
    const { url } = JSON.parse(readFileSync(serverAddressFile(dataDir), 'utf8')) as { url?: unknown };
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}
