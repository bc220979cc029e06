import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { CAMPUS_PATH, type CampusSettings } from '../../shared/campus';
import { NON_PAGE_PATH } from '../../shared/non-page-paths';
import type { Ctx } from '../context';
import { publicOrigin, varyByOrigin } from '../http/public-origin';
import { clientAddress } from '../http/rate-limit';
import { PUBLIC_MEDIA_PREFIX } from '../storage/storage';
import { compressHtml, sendCompressedHtml } from './compressed-html';
import { serveMediaFromDatabase } from './database-media';
import { createPageRenderer } from './page-render';
import { createPageShell, type PageShell } from './page-shell';
import { createPagePlans, drawnScreensCss, pageLink } from './page-plans';
import { readManifest } from './vite-manifest';

// A file's name has an extension; a page's path never does (ids are digits). A missing file is a 404, not a page.
const FILE = /\.[A-Za-z0-9]+$/;

/**
 * Whether a request is for a page: GET or HEAD, not an API/socket/upload/art path (the shared list), not a file,
 * and an Accept that takes HTML. curl, uptime monitors and link-preview bots send `*\/*` or nothing, and get the
 * page like a browser does; only a client that asks for something else (`application/json`) gets the JSON 404.
 */
function wantsPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0];
  if (NON_PAGE_PATH.test(path) || FILE.test(path)) return false;
  const accept = req.headers.accept ?? '*/*';
  return /(^|,)\s*(text\/html|text\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}

export interface Pages {
  plans: ReturnType<typeof createPagePlans>;
  shell: PageShell;
}

/**
 * The pages of the built client: how each path is served and the HTML around it. Read once at start (before the
 * security headers, which allow the shell's inline parts by hash); null in API-only runs.
 */
export function preparePages(ctx: Ctx): Pages | null {
  const clientDir = ctx.clientDir;
  if (!clientDir || !existsSync(join(clientDir, 'index.html'))) return null;
  const manifest = readManifest(clientDir);
  const plans = createPagePlans(manifest);
  return { plans, shell: createPageShell(clientDir, manifest, manifest ? drawnScreensCss(manifest) : []) };
}

export async function installStaticFiles(app: FastifyInstance, ctx: Ctx, pages: Pages | null) {
  const clientDir = pages ? ctx.clientDir : undefined;
  const hasClient = !!clientDir;
  const draw = pages && (await createPageRenderer(app, ctx, pages.shell));
  if (clientDir) {
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
  const media = ctx.storage.publicFiles;
  if (media.kind === 'folder') {
    // Only the first registration may decorate the reply with sendFile.
    await app.register(fastifyStatic, {
      root: media.dir,
      prefix: PUBLIC_MEDIA_PREFIX,
      decorateReply: !hasClient,
      maxAge: '7d',
      index: false,
    });
  } else {
    serveMediaFromDatabase(app, media);
  }
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

  const notFound = (reply: FastifyReply) => reply.status(404).send({ detail: M.notFound });

  // Pages are a route of their own (not the not-found handler) so ETags apply to them as to any answer. Files, API
  // routes and /art/, /media/ match first.
  app.get('/*', (req, reply) => (pages && wantsPage(req) ? sendPage(req, reply, pages) : notFound(reply)));
  app.setNotFoundHandler((req, reply) => notFound(reply));

  const emptyPage = pages && (await compressHtml(pages.shell.empty));

  // Asked as a guest's browser would (campus/routes.ts caches it for the second); a failure only costs the preload.
  async function campusMedium(): Promise<string | null> {
    const answer = await app.inject({ method: 'GET', url: CAMPUS_PATH, headers: { accept: 'application/json' } });
    return answer.statusCode === 200 ? ((answer.json() as CampusSettings).map?.medium ?? null) : null;
  }

  async function sendPage(req: FastifyRequest, reply: FastifyReply, { plans }: Pages) {
    const [path, search = ''] = req.url.split('?');
    const plan = plans(path);
    reply.header('Cache-Control', 'no-cache');
    const drawn = draw ? await draw(path, plan, search, publicOrigin(req, ctx.config), clientAddress(req)) : null;
    if (drawn) {
      // Its absolute links (og:url, og:image) come from the request's host unless PUBLIC_URL names one.
      varyByOrigin(reply, ctx.config);
      return sendCompressedHtml(req, reply, drawn);
    }
    const link = pageLink(plan, plan.campusArt ? await campusMedium() : null);
    if (link) reply.header('Link', link);
    return sendCompressedHtml(req, reply, emptyPage!);
  }
}
