import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../../src/shared/live';

// The README's "Socket messages" is the socket half of the published contract (the HTTP half is the OpenAPI
// document). It is written by hand, so this holds it to src/shared/live.ts: every message type with every field of
// its data, and every close code the server uses.
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('### Socket messages'), readme.indexOf('## Configuration'));
const live = readFileSync(new URL('../../../src/shared/live.ts', import.meta.url), 'utf8');

describe("the README's socket messages", () => {
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
