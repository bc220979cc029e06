import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { partyFilterQuery, readPartyFilters } from '../../shared/party-filters';
import type { Ctx } from '../context';
import { type CompressedHtml, compressHtml } from './compressed-html';
import { createWriteClearedCache } from '../http/micro-cache';
import type { PageShell } from './page-shell';
import type { PagePlan } from './page-plans';
import type { PartyDetail } from '../../shared/parties';
import { campusShareTags, partyShareTags } from './share-tags';
import { CAMPUS_PATH, type CampusSettings } from '../../shared/campus';

/** dist/ssr/entry-server.js, built from src/client/entry-server.tsx. */
interface ServerRenderer {
  renderPage(path: string, fallback: Record<string, unknown>, asMember?: boolean): Promise<string>;
}

/**
 * Draws the first screen of the pages students open from a link (the home list, the map, a party’s detail) on the server,
 * as a guest sees it, from the same API answer a guest's browser would get (asked through `inject`, so its
 * caching, validation and errors are the API's own). Returns null when the page is not drawn here or its data is
 * not there (an unknown party): the bare shell then lets the app say what went wrong, as it always did.
 *
 * A drawn page (and its compressed forms) is kept for the same second, and dropped on any write, like the lists it
 * is drawn from.
 */
export async function createPageRenderer(app: FastifyInstance, ctx: Ctx, shell: PageShell) {
  if (!ctx.serverRenderer || !existsSync(ctx.serverRenderer)) return null;
  const renderer = (await import(pathToFileURL(ctx.serverRenderer).href)) as ServerRenderer;
  const cache = createWriteClearedCache<CompressedHtml | null>(app);

  const draw = async (path: string, render: NonNullable<PagePlan['render']>, origin: string | null, visitor: string): Promise<CompressedHtml | null> => {
    // From the visitor's address: a filtered list counts against their search budget (parties/list-routes.ts), not
    // against the server's own address, which every visitor's page would then share.
    const ask = (url: string) => app.inject({ method: 'GET', url, remoteAddress: visitor, headers: { accept: 'application/json' } });
    // The campus travels with every drawn page: its name and map art are on the first screen (home, map, detail).
    const [answer, campusAnswer] = await Promise.all([ask(render.data), ask(CAMPUS_PATH)]);
    if (answer.statusCode !== 200 || campusAnswer.statusCode !== 200) return null;
    const data = answer.json() as unknown;
    const campus = campusAnswer.json() as CampusSettings;
    // The page's own data first: the client's fallback is keyed by path, order only matters to a reader. A members'
    // screen is drawn before any data (its `data` only said the party exists): a guest's answer is not theirs.
    const fallback = { ...(render.members ? {} : { [render.data]: data }), [CAMPUS_PATH]: campus };
    const html = await renderer.renderPage(path, fallback, render.members);
    const head = render.share === 'party' ? partyShareTags(data as PartyDetail, campus, origin) : render.share === 'campus' ? campusShareTags(campus, origin) : '';
    return compressHtml(shell.drawn({ html, data: { fallback, sameForEveryone: render.sameForEveryone }, modules: render.modules, css: render.css, head }));
  };

  /**
   * `search`: the page's query; a filtered list's filters (in their one order, as the client's SWR key has them).
   * `origin`: where the page's absolute links point (http/public-origin.ts); part of the cache key, so a page drawn
   * for one Host is never sent to a request for another. `visitor`: the client's address, which the API's own limits see.
   */
  return async (path: string, plan: PagePlan, search: string, origin: string | null, visitor: string): Promise<CompressedHtml | null> => {
    if (!plan.render) return null;
    const query = plan.render.filtered ? partyFilterQuery(readPartyFilters(search)) : '';
    const render = { ...plan.render, data: plan.render.data + query };
    try {
      return await cache.get(`${origin}${path}${query}:${Math.floor(ctx.clock.now().getTime() / 1000)}`, () => draw(path + query, render, origin, visitor));
    } catch (err) {
      // The page still opens: the app draws it in the browser.
      app.log.error({ err, path }, 'server rendering failed');
      return null;
    }
  };
}
