// `npm run dev`: the API server on PORT (3000 unless set) with jobs, plus Vite's dev server on 5173 with hot reload, which
// proxies /api, /ws, /media and /art to it (vite.config.ts). Open http://localhost:5173.
import { createServer } from 'vite';

process.env.SKIP_CLIENT_BUILD = '1';
process.env.ALLOWED_ORIGINS ??= 'http://localhost:5173,http://127.0.0.1:5173';
await import('./main');

const vite = await createServer({ server: { host: true } });
await vite.listen();
vite.printUrls();
