import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

/**
 * The answers the tests see from the server: every (method, route pattern, status) any app in this process sends,
 * so a check can hold the OpenAPI document to them (tests/helpers/undocumented-answers.ts). The variable names a
 * folder; each process writes a file of its own there, because the vitest workers run in parallel and the e2e
 * server is another process again.
 */
export const ANSWER_LOG_ENV = 'PARTYON_ANSWER_LOG';

/** The e2e run's folder, named by its port like its data folder (tests/e2e/serve.ts), so a killed run's is found. */
export const e2eAnswerLog = (port: string) => join(tmpdir(), `partyon-e2e-answers-${port}`);

export interface Answer {
  method: string;
  /** Fastify's pattern, `/api/reserve/join/:partyId/`. */
  route: string;
  status: number;
}

const RECORDING = Symbol.for('partyon.answerLog');

/**
 * Records the answers of every Fastify instance created in this process from now on. Fastify announces each new
 * instance on the `fastify.initialization` diagnostics channel, before any plugin or route is added, so a hook
 * added there sees every route however the app was built (createTestApp, a test's own buildApp, main.ts) and
 * nothing in src/ has to know it is being watched.
 */
export function recordAnswers(dir: string) {
  const state = globalThis as { [RECORDING]?: true };
  // A worker that runs several test files evaluates this module for each; one subscription is enough.
  if (state[RECORDING]) return;
  state[RECORDING] = true;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}-${threadId}.tsv`);
  const seen = new Set<string>();
  subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onResponse', async (req, reply) => {
      // Requests no route took (an unknown path, a URL that does not decode) have no pattern to document.
      const route = req.routeOptions.url;
      if (!route) return;
      const line = `${req.method}\t${route}\t${reply.statusCode}`;
      if (seen.has(line)) return;
      seen.add(line);
      appendFileSync(file, `${line}\n`);
    });
  });
}

/** Every answer recorded in `dir`, each once. */
export function readAnswers(dir: string): Answer[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  const lines = new Set(files.flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean)));
  return [...lines].map((line) => {
    const [method, route, status] = line.split('\t');
    return { method, route, status: Number(status) };
  });
}
