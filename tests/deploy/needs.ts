import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'vitest';

/** Whether `name` (a path, or a command looked up on PATH and in the sbin folders) can be run here. */
function runnable(name: string): boolean {
  const candidates = name.includes('/') ? [name] : [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'].map((dir) => join(dir, name));
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** What of `settings` (environment variables) and `tools` (commands) is missing here, each named. */
export function missing(settings: string[], tools: string[]): string[] {
  return [...settings.filter((s) => !process.env[s]).map((s) => `${s} is not set`), ...tools.filter((t) => !runnable(t)).map((t) => `${t} is not installed`)];
}

/**
 * `describe` when nothing is missing. Otherwise a laptop skips the suite, naming what is missing; CI (CI=true) fails
 * it instead, as .ci/run fails without PostgreSQL and Redis: a suite that silently skips proves nothing.
 */
export function describeIfHas(title: string, lacking: string[], body: () => void) {
  if (lacking.length === 0) return describe(title, body);
  const why = lacking.join(', ');
  if (process.env.CI === 'true') {
    return describe(title, () => {
      it('has what it needs to run', () => {
        throw new Error(`CI must run the deploy suite, but ${why}`);
      });
    });
  }
  console.warn(`[deploy suite] skipped "${title}": ${why}`);
  return describe.skip(`${title} — skipped: ${why}`, body);
}
