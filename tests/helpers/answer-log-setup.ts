import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANSWER_LOG_ENV } from './answer-log';

/**
 * Vitest global setup of the api-answers project (vite.config.ts): the folder where the server tests' workers
 * record what the server answered, named to them through the environment they inherit (every project's global
 * setup runs before any worker starts), and removed when the run ends. A folder named by the caller is used as it
 * is and kept, for reading what was answered.
 */
export default function setup() {
  if (process.env[ANSWER_LOG_ENV]) return;
  const dir = mkdtempSync(join(tmpdir(), 'partyon-answers-'));
  process.env[ANSWER_LOG_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
