import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { readEnvironmentFile, readServiceUnit } from './unit-file';

/** What systemd gives every service before its own settings (its default PATH). */
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export interface Instance {
  port: number;
  child: ChildProcess;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Milliseconds from its start until /readyz answered 200. */
  ready: Promise<number>;
}

export interface InstanceSetup {
  unitPath: string;
  /** The checkout: the unit's WorkingDirectory (/opt/partyon) stands for it. */
  root: string;
  /** The filled environment file, standing for the unit's EnvironmentFile (/etc/partyon/partyon.env). */
  environmentFile: string;
  /** The folder standing for /var/lib/partyon: each instance's DATA_DIR is made inside it. */
  stateRoot: string;
  /** One private temp folder per instance is made inside it, as PrivateTmp=yes gives each its own /tmp. */
  tmpRoot: string;
}

/**
 * Starts the instance `partyon@<port>` as systemd would: the unit's ExecStart in its WorkingDirectory, with only the
 * environment systemd gives it — the unit's Environment= lines, then the EnvironmentFile over them (systemd lets the
 * file win) — and nothing of the test's own environment. It leads a process group of its own.
 */
export function startInstance(setup: InstanceSetup, port: number): Instance {
  const unit = readServiceUnit(setup.unitPath, String(port));
  const dataDir = join(setup.stateRoot, String(port));
  const tmp = join(setup.tmpRoot, String(port));
  // StateDirectory= makes DATA_DIR; the unit's suite test checks the two name the same folder.
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const env = {
    PATH: SYSTEMD_PATH,
    HOME: dataDir,
    TMPDIR: tmp,
    ...unit.environment,
    DATA_DIR: dataDir,
    ...readEnvironmentFile(readFileSync(setup.environmentFile, 'utf8')),
  };
  const [command, ...args] = unit.execStart;
  const started = Date.now();
  const child = spawn(command, args, { cwd: setup.root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  // 'close', not 'exit': it comes once the pipes are drained too, so output() then holds the last lines it wrote.
  const exited = once(child, 'close').then(([code]) => code as number | null);
  const ready = waitForReady(port, exited, () => output).then(() => Date.now() - started);
  // A start that fails is reported by whoever awaits `ready`; until then it must not count as unhandled.
  ready.catch(() => undefined);
  return { port, child, output: () => output, exited, ready };
}

/** Polls /readyz until it answers 200 (database, migrations and Redis all there); fails at once if the process ends. */
function waitForReady(port: number, exited: Promise<number | null>, output: () => string): Promise<void> {
  let ended = false;
  const endedFirst = exited.then((code) => {
    ended = true;
    throw new Error(`partyon@${port} exited (${code}) before it was ready:\n${output()}`);
  });
  const ready = vi.waitFor(
    async () => {
      if (ended) return; // stop polling; endedFirst has answered
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (res?.status !== 200) throw new Error(`partyon@${port} not ready yet:\n${output()}`);
    },
    { timeout: 180_000, interval: 100 },
  );
  // Whichever loses the race is settled later and must not count as unhandled.
  endedFirst.catch(() => undefined);
  return Promise.race([ready, endedFirst]);
}

/** Kills whatever is left of a process group (a failed test's leftovers); nothing when it is already gone. */
export function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: no process of the group is left.
  }
}
