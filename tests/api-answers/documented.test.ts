import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_LOG_ENV, readAnswers } from '../helpers/answer-log';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { undocumentedAnswers } from '../helpers/undocumented-answers';

// Runs after the server tests (vite.config.ts: this project's groupOrder), over every answer their apps gave: a
// status a test saw must be in /api/openapi.json, or a client generated from it knows nothing of that answer.
// A route no test reached is no failure here; the document's own tests hold it to the routes.
describe('the API description', () => {
  let t: TestApp;
  let doc: Parameters<typeof undocumentedAnswers>[0];
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t?.close());

  it('lists every status the server tests saw a documented route answer', () => {
    const dir = process.env[ANSWER_LOG_ENV];
    expect(dir, 'tests/helpers/answer-log-setup.ts names the folder').toBeTruthy();
    const answers = readAnswers(dir!);
    // Nothing recorded means the recorder is broken or the server tests did not run with it, not that all is well.
    expect(answers.length, 'answers recorded by the server tests (run this project together with them)').toBeGreaterThan(0);
    expect(undocumentedAnswers(doc, answers)).toEqual([]);
  });
});
