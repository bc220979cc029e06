import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readServerAddress, serverAddressFile } from './server-address';

/** Where the CLI sends its calls and with which token, each with the place it was found (said when a call fails). */
export interface CliTarget {
  url: string;
  urlSource: string;
  token: string;
  tokenSource: string;
}

/**
 * The address: OPS_URL; else PORT (the server's own variable, as `npm start` took it); else what a server on this
 * DATA_DIR recorded when it started; else the default port. The token: OPS_TOKEN, else DATA_DIR's ops-token.
 */
export function resolveCliTarget(env: NodeJS.ProcessEnv): CliTarget {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  let url: string;
  let urlSource: string;
  const recorded = readServerAddress(dataDir);
  if (env.OPS_URL) [url, urlSource] = [env.OPS_URL, 'OPS_URL'];
  else if (env.PORT) [url, urlSource] = [`http://127.0.0.1:${env.PORT}`, 'PORT'];
  else if (recorded) [url, urlSource] = [recorded, serverAddressFile(dataDir)];
  else [url, urlSource] = ['http://127.0.0.1:3000', `기본값, ${serverAddressFile(dataDir)} 없음`];
  url = url.replace(/\/+$/, '');

  if (env.OPS_TOKEN) return { url, urlSource, token: env.OPS_TOKEN, tokenSource: 'OPS_TOKEN' };
  const file = join(dataDir, 'ops-token');
  if (!existsSync(file)) {
    throw new Error(`운영자 토큰이 없습니다: OPS_TOKEN이 비어 있고 ${file} 파일도 없습니다. 서버를 한 번 시작하거나(같은 DATA_DIR), OPS_TOKEN을 설정하세요.`);
  }
  return { url, urlSource, token: readFileSync(file, 'utf8').trim(), tokenSource: file };
}

/** What the CLI says when a call fails, so the operator sees which server and which token it tried. */
export function describeTarget(target: CliTarget): string {
  return `주소 ${target.url} (${target.urlSource}), 토큰 ${target.tokenSource}`;
}
