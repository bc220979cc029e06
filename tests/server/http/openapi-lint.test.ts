import { fileURLToPath } from 'node:url';
import { BaseResolver, loadConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const CONFIG = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));
// Where the linter takes the document to be, so `.redocly.lint-ignore.yaml` (beside redocly.yaml) names it.
const DOCUMENT = fileURLToPath(new URL('../../../openapi.json', import.meta.url));

// /api/openapi.json as an independent linter reads it: Redocly's recommended rules (redocly.yaml switches off only
// the trailing-slash rule, with its reason). Errors and warnings alike fail, so a generated client never meets a
// call without an id, a summary, its error answers or its credentials.
describe('the API description, linted', () => {
  let t: TestApp;
  let source: string;
  beforeAll(async () => {
    t = await createTestApp();
    source = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  });
  afterAll(() => t?.close());

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    // The document refers to nothing outside itself; a resolver that refuses the network keeps it that way.
    const offline = new BaseResolver({ http: { headers: [], customFetch: () => Promise.reject(new Error('the linter must not fetch')) } });
    const config = await loadConfig({ configPath: CONFIG, externalRefResolver: offline });
    const problems = await lintFromString({ source, absoluteRef: DOCUMENT, config, externalRefResolver: offline });
    const found = problems.filter((p) => !p.ignored).map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(found).toEqual([]);
    // Every finding the ignore file accepts is still there: an entry whose reason has gone must go too.
    const accepted = Object.values(config.ignore).flatMap((rules) => Object.values(rules).flatMap((pointers) => [...pointers]));
    expect(problems.filter((p) => p.ignored).map((p) => p.location[0]?.pointer).sort()).toEqual(accepted.sort());
  });
});
