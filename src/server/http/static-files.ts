import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import type { Ctx } from '../context';
import { PUBLIC_MEDIA_PREFIX } from '../storage';
import { createRoutePreloads, readManifest } from './route-preloads';

// Paths that must never fall back to the SPA: an unknown API path is a 404 JSON, not index.html.
const NOT_SPA = /^\/(api|ws|media|art|oauth\/kakao\/stand-in)(\/|$)/;

export async function installStaticFiles(app: FastifyInstance, ctx: Ctx) {
  const clientDir = ctx.clientDir;
  const hasClient = !!clientDir && existsSync(join(clientDir, 'index.html'));
  const preloads = createRoutePreloads(hasClient ? readManifest(clientDir!) : null);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed build output never changes under one name; everything else is revalidated.
      setHeaders: (res, path) => {
        const hashed = path.includes(`${join(clientDir, 'assets')}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Only the first registration may decorate the reply with sendFile.
  await app.register(fastifyStatic, {
    root: ctx.storage.publicDir,
    prefix: PUBLIC_MEDIA_PREFIX,
    decorateReply: !hasClient,
    maxAge: '7d',
    index: false,
  });
  if (ctx.artDir) {
    await app.register(fastifyStatic, {
      root: ctx.artDir,
      prefix: '/art/',
      decorateReply: false,
      maxAge: '1d',
      index: false,
      // assets/ also holds the SVG sources' render script and notes; only images are served.
      allowedPath: (path) => /\.(png|webp|svg|jpg)$/.test(path),
    });
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = req.method === 'GET' && !NOT_SPA.test(req.url) && (req.headers.accept ?? '').includes('text/html');
    if (hasClient && wantsPage) {
      const link = preloads(req.url.split('?')[0]);
      if (link) reply.header('Link', link);
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html', clientDir!, { preCompressed: true } as never);
    }
    return reply.status(404).send({ detail: M.notFound });
  });
}
