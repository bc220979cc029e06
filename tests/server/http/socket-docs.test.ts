import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../../src/shared/ws-close';

// docs/api.md's "Socket messages" is the socket half of the published contract (the HTTP half is the OpenAPI
// document). It is written by hand, so this holds it to src/shared/live.ts: every message type with every field of
// its data, and every close code the server uses.
const api = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const start = api.indexOf('\n## Socket messages\n');
const next = api.indexOf('\n## ', start + 1);
const section = start < 0 ? '' : api.slice(start, next < 0 ? undefined : next);
const live = readFileSync(new URL('../../../src/shared/live.ts', import.meta.url), 'utf8');

describe("docs/api.md's socket messages", () => {
  it('is a section of docs/api.md', () => {
    expect(section).toContain('| close code |');
  });

  it('lists every message type of src/shared/live.ts with each field of its data', () => {
    const messages = [...live.matchAll(/type: '(\w+)'; data: \{([^}]*)\}/g)].map(([, type, data]) => ({
      type,
      fields: [...data.matchAll(/(\w+):/g)].map((m) => m[1]),
    }));
    expect(messages.map((m) => m.type).sort()).toEqual(['send_game_created', 'send_standby_update', 'vote_update']);
    const rows = section.split('\n').filter((line) => line.startsWith('|'));
    for (const { type, fields } of messages) {
      const row = rows.find((line) => line.includes(`\`${type}\``));
      expect(row, type).toBeDefined();
      for (const field of fields) expect(row, `${type}.${field}`).toContain(`\`${field}\``);
    }
    // Nothing documented that the code does not send.
    const documented = [...section.matchAll(/\| (?:party|round) \| `(\w+)`/g)].map((m) => m[1]).sort();
    expect(documented).toEqual(messages.map((m) => m.type).sort());
  });

  it('explains every close code the server uses', () => {
    for (const code of Object.values(WS_CLOSE)) expect(section, String(code)).toMatch(new RegExp(`\\| ${code} \\|`));
  });
});
