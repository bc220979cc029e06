import type { FullConfig } from '@playwright/test';
import { e2eAnswerLog, readAnswers } from '../helpers/answer-log';
import { undocumentedAnswers } from '../helpers/undocumented-answers';

/**
 * Playwright's global teardown (playwright.config.ts): every answer the browser tests drew from the real server
 * (recorded by it, tests/e2e/serve.ts) must be in the /api/openapi.json that server publishes. It runs while the
 * server is still up, after the last test; a throw here fails the run.
 */
export default async function answersDocumented(config: FullConfig) {
  const baseURL = String(config.projects[0].use.baseURL);
  const dir = e2eAnswerLog(new URL(baseURL).port);
  // The folder is left to tests/e2e/serve.ts, which removes it once the server has exited: the server is still up
  // here and may write one more answer into it (removing it now raced that write: ENOTEMPTY).
  const answers = readAnswers(dir);
  // The server always answers the readiness probe Playwright waits on: nothing recorded means no recorder.
  if (!answers.length) throw new Error(`No answer was recorded in ${dir}: is tests/e2e/serve.ts loading the recorder?`);
  const doc = (await (await fetch(`${baseURL}/api/openapi.json`)).json()) as Parameters<typeof undocumentedAnswers>[0];
  const missing = undocumentedAnswers(doc, answers);
  if (missing.length) throw new Error(`The browser tests saw answers /api/openapi.json does not list:\n${missing.join('\n')}`);
  console.log(`[e2e] /api/openapi.json lists every answer of its routes among the ${answers.length} (method, route, status) recorded`);
}
