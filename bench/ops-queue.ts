// The operator's hour (issue 33): the console's keyboard spec (tests/e2e/ops-queue-keyboard.spec.ts) with a morning's
// queue of 200 student cards instead of the suite's 24, on the real server and Debian's Chromium. Prints the spec's
// figure: keys and mouse events used, wall time per card and its ratio to one approve API call timed in the same run.
//   npx tsx bench/ops-queue.ts [--cards 200]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { cards: { type: 'string', default: '200' } } });
const run = spawnSync('npx', ['playwright', 'test', 'tests/e2e/ops-queue-keyboard.spec.ts', '--project', 'students', '--reporter=list'], {
  env: { ...process.env, QUEUE_CARDS: values.cards },
  encoding: 'utf8',
});
const figure = `${run.stdout}\n${run.stderr}`.split('\n').find((line) => line.includes('[ops-queue]'));
console.log(figure ?? `no figure: the spec failed (exit ${run.status})\n${run.stdout}\n${run.stderr}`);
process.exit(run.status ?? 1);
