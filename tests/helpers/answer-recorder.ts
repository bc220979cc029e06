import { ANSWER_LOG_ENV, recordAnswers } from './answer-log';

// Loaded first in every process that runs the server for a suite that checks the API description against what it
// answers: the server tests' workers (vite.config.ts setupFiles) and the e2e server (tests/e2e/serve.ts `--import`).
// Without the variable (a single test file run by hand) it does nothing.
const dir = process.env[ANSWER_LOG_ENV];
if (dir) recordAnswers(dir);
