// `npm run build`: the client and the server's renderer, as `npm start` builds them when they are stale.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from './client-build';

await buildClient(resolve(dirname(fileURLToPath(import.meta.url)), '../..'));
