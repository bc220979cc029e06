import { readFileSync } from 'node:fs';

// The deploy suite starts the instances with what the shipped systemd unit says, read the way systemd reads it, so
// a change to the unit's command line, working directory or environment is what the suite runs. Only the parts of
// the unit file syntax the unit uses are understood; anything else fails loudly instead of being run differently.

export interface ServiceUnit {
  /** Every `Key=value` of [Service], in order, specifiers expanded. */
  service: Map<string, string[]>;
  /** ExecStart split into words as systemd splits it. */
  execStart: string[];
  workingDirectory: string;
  /** The Environment= assignments; a later one overrides an earlier one. */
  environment: Record<string, string>;
  environmentFiles: string[];
}

/** Reads a template unit as instance `instance` (`partyon@3001.service` → `3001`). */
export function readServiceUnit(path: string, instance: string): ServiceUnit {
  const service = new Map<string, string[]>();
  let section = '';
  for (const line of logicalLines(readFileSync(path, 'utf8'))) {
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`${path}: not a Key=value line: ${line}`);
    if (section !== 'Service') continue;
    const key = line.slice(0, eq).trim();
    service.set(key, [...(service.get(key) ?? []), expandSpecifiers(line.slice(eq + 1).trim(), instance, path)]);
  }
  const one = (key: string) => {
    const values = service.get(key) ?? [];
    if (values.length !== 1) throw new Error(`${path}: expected one ${key}=, found ${values.length}`);
    return values[0];
  };
  const execStart = words(one('ExecStart'));
  // Prefixes (-, @, +, !, :) change how systemd runs the command; the suite would not honour them.
  if (/^[-@+!:]/.test(execStart[0] ?? '')) throw new Error(`${path}: ExecStart prefixes are not understood by the deploy suite`);
  const environment: Record<string, string> = {};
  for (const value of service.get('Environment') ?? []) {
    for (const assignment of words(value)) {
      const eq = assignment.indexOf('=');
      if (eq <= 0) throw new Error(`${path}: not an assignment in Environment=: ${assignment}`);
      environment[assignment.slice(0, eq)] = assignment.slice(eq + 1);
    }
  }
  return { service, execStart, workingDirectory: one('WorkingDirectory'), environment, environmentFiles: service.get('EnvironmentFile') ?? [] };
}

/**
 * An EnvironmentFile as systemd reads it: `KEY=value` lines, comments only where a line starts with # or ;, a value
 * wrapped whole in quotes unquoted. (A `# note` after a value is part of the value, unlike a shell or dotenv.)
 */
export function readEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of logicalLines(text)) {
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`not a KEY=value line: ${line}`);
    const value = line.slice(eq + 1).trim();
    const quoted = /^"(.*)"$|^'(.*)'$/.exec(value);
    env[line.slice(0, eq).trim()] = quoted ? (quoted[1] ?? quoted[2]) : value;
  }
  return env;
}

/** Lines without comments and blanks, a trailing backslash joining a line to the next. */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#') || line.startsWith(';'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    out.push(pending + line);
    pending = '';
  }
  if (pending) out.push(pending.trim());
  return out;
}

/** Whitespace-separated words, each optionally in double or single quotes (ExecStart=, Environment=). */
function words(value: string): string[] {
  return [...value.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** %i is the instance name and %% a percent sign; any other specifier is one the suite does not know. */
function expandSpecifiers(value: string, instance: string, path: string): string {
  return value.replace(/%(.)/g, (_all, c: string) => {
    if (c === 'i') return instance;
    if (c === '%') return '%';
    throw new Error(`${path}: the deploy suite does not expand the specifier %${c}`);
  });
}
