import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// `npm run ops -- <command>` talks to the running server's /api/ops/ endpoints rather than to the database, so it
// works while the server holds the embedded PGlite database (one process at a time) and against a remote server.
interface Command {
  summary: string;
  usage: string;
  run(call: Caller, args: string[]): Promise<unknown>;
}
type Caller = (method: string, path: string, body?: unknown) => Promise<unknown>;

const COMMANDS: Record<string, Command> = {
  status: {
    summary: '서버 상태와 데이터 개수를 봅니다',
    usage: 'status',
    run: (call) => call('GET', '/api/ops/status/'),
  },
};

function opsToken(dataDir: string): string {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = join(resolve(dataDir), 'ops-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`OPS_TOKEN is not set and ${file} does not exist (start the server once, or set OPS_TOKEN).`);
}

function help() {
  console.log('사용법: npm run ops -- <command> [options]\n');
  for (const c of Object.values(COMMANDS)) console.log(`  ${c.usage.padEnd(40)} ${c.summary}`);
  console.log('\n환경 변수: OPS_URL (기본 http://127.0.0.1:$PORT), OPS_TOKEN (기본 $DATA_DIR/ops-token)');
}

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    help();
    process.exit(name && name !== 'help' ? 2 : 0);
  }
  const base = process.env.OPS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  const token = opsToken(process.env.DATA_DIR ?? './data');
  const call: Caller = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'x-ops-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : null;
    if (!res.ok) throw new Error(`${res.status}: ${text}`);
    return parsed;
  };
  const result = await command.run(call, rest);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((err: Error) => {
  console.error(`ops: ${err.message}`);
  process.exit(1);
});
