import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node versions we support are package.json's `engines`; every installed package must agree, or `npm install`
// warns (EBADENGINE) and the package may break on the oldest one we promise. CI runs the tests on the oldest
// (Node 20) and on the current LTS; this catches a dependency update that drops one before anything runs on it.
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};
// The first release of each major line we support (and the current LTS), as `engines` allows them.
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0', '26.0.0'];

describe('supported Node versions', () => {
  it('are what engines says', () => {
    for (const version of SUPPORTED) expect(semver.satisfies(version, pkg.engines.node), version).toBe(true);
    expect(semver.satisfies('20.18.0', pkg.engines.node)).toBe(false);
  });

  it('are every installed package’s too', () => {
    const disagree: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      // An optional package that does not fit a Node version is simply not installed there (npm skips it): the
      // package that wants it works without it (a faster native codec beside the JS one, say).
      if (!path || !range || entry.optional) continue;
      for (const version of SUPPORTED) {
        if (!semver.satisfies(version, range)) disagree.push(`${path}@${entry.version}: node ${range} excludes ${version}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});
