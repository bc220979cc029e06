import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Importing across the client/server line would ship server code to phones (docs/architecture.md).
const NO_SERVER = { group: ['**/server/**'], message: 'The client never imports server code (docs/architecture.md).' };
const NO_CLIENT = { group: ['**/client/**'], message: 'The server never imports client code (docs/architecture.md).' };

// The client's areas (docs/architecture.md): every folder of src/client/ is a screen group, except the four shared ones
// that any area may use. Read from the disk, so a new screen folder is covered the day it appears.
const SHARED = ['ui', 'lib', 'api', 'state'];
const AREAS = readdirSync(new URL('./src/client', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED.includes(entry.name))
  .map((entry) => entry.name);

/** An import that climbs out of its folder (`../`, `../../client/`) into one of `areas`. */
const intoAreas = (areas, message) => ({ regex: `^(\\.\\./)+(client/)?(${areas.join('|')})(/|$)`, message });

const AREA_MESSAGE =
  'An area imports only ui/, lib/, api/, state/ and shared/, never another screen folder (docs/architecture.md): move what two areas share into ui/ or lib/.';
const SHARED_MESSAGE = 'ui/, lib/, api/ and state/ serve the screens and never import one (docs/architecture.md).';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // The typed rules below read types from tsconfig.json, so every TS file linted here (assets/render-art.ts and
      // the root *.config.ts too) must be in its include, or the project service refuses the file.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A promise nobody awaits or catches loses its failure: an unhandled rejection, or a test that passes early.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // An await of something that is not a promise reads as waiting for work that is already done.
      // (require-await stays off: Fastify plugins are async by convention and many never await.)
      '@typescript-eslint/await-thenable': 'error',
      'no-restricted-imports': ['error', { patterns: [] }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Plain JS has no tsconfig behind it: any type-checked rule turned on for all files must not reach it.
  { ...tseslint.configs.disableTypeChecked, files: ['**/*.{js,mjs}'] },
  {
    // The composition root (main.tsx, App.tsx, routes.tsx …) wires the areas together and may import them.
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER] }] },
  },
  // One zone per area: everything but its own folder and the shared ones is out of reach. (A rule's options are
  // replaced, not merged, by a later block, hence NO_SERVER again.)
  ...AREAS.map((area) => ({
    files: [`src/client/${area}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_SERVER, intoAreas(AREAS.filter((other) => other !== area), AREA_MESSAGE)] },
      ],
    },
  })),
  {
    files: SHARED.map((folder) => `src/client/${folder}/**`),
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER, intoAreas(AREAS, SHARED_MESSAGE)] }] },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_CLIENT] }] },
  },
);
