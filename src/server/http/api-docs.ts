import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describeErrorAnswers } from './api-doc-answers';
import { pruneComponents } from './api-doc-components';
import { describeDeviceCookies } from './api-doc-cookies';
import { nameOperations } from './api-doc-operations';
import type { OpenApiDocument } from './api-doc-types';

/** Who may call a route, as the OpenAPI document says: requireUser and requireOps tag the hooks they return. */
export type RouteSecurity = 'student' | 'operator' | 'operatorSession';
export const SECURITY_TAG = Symbol.for('partyon.routeSecurity');

// OpenAPI's `security` lists alternatives: most operator routes take either the shared token or a console session
// (managing operators too: an admin's session, checked by the guard).
const SCHEMES: Record<RouteSecurity, string[]> = {
  student: ['bearerAuth'],
  operator: ['opsToken', 'opsSession'],
  operatorSession: ['opsSession'],
};
// What the document describes: the API and the health checks. Pages, files and sockets are not HTTP API calls (the
// socket messages are documented in docs/api.md, checked against src/shared/live.ts).
const DOCUMENTED = /^\/(api\/|healthz$|readyz$)/;
const DOCS_PREFIX = '/api/docs';

/** Whether the document describes the route of this Fastify pattern (not the document and its page themselves). */
export const describesRoute = (url: string) => DOCUMENTED.test(url) && !url.startsWith(DOCS_PREFIX) && url !== '/api/openapi.json';

/** Where the calls go: the deployment's public address, or (unset: a laptop, CI) wherever this document was read. */
function serverOf(publicUrl: string | undefined) {
  return publicUrl
    ? { url: publicUrl.replace(/\/+$/, ''), description: 'This deployment (PUBLIC_URL).' }
    : { url: '/', description: 'The server this document was read from.' };
}

function securityOf(route: RouteOptions | undefined): RouteSecurity | undefined {
  const hooks = route?.preValidation;
  for (const hook of Array.isArray(hooks) ? hooks : hooks ? [hooks] : []) {
    const tag = (hook as unknown as Record<symbol, RouteSecurity | undefined>)[SECURITY_TAG];
    if (tag) return tag;
  }
  return undefined;
}

/**
 * The published description of our API, generated from the routes' zod schemas (http/route-schemas.ts):
 * `GET /api/openapi.json` (OpenAPI 3.1) and a readable page at `/api/docs` (swagger-ui, served from our own
 * node_modules; its page loads only files of its own, so our CSP applies unchanged). Registered before the routes, which it collects
 * as they are added; `app.documentedRoutes` lists them for the test that holds the document to every route.
 */
export async function installApiDocs(app: FastifyInstance, opts: { publicUrl?: string }) {
  const documented: { method: string; url: string }[] = [];
  app.decorate('documentedRoutes', documented);
  app.addHook('onRoute', (route) => {
    if (!describesRoute(route.url)) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') documented.push({ method, url: route.url });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '파티온 API',
        version: '1',
        // Not open source: the document names no licence that would grant one.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description:
          'Spec §7 and our additions. Errors are Django-REST shaped: `{"detail": "…"}` or `{"field": ["…"]}`, in Korean. ' +
          'Live updates travel over websockets (/ws/party/{id}/, /ws/game/round/{id}/; see docs/api.md in the repository).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from login or refresh.' },
          opsToken: { type: 'apiKey', in: 'header', name: 'X-Ops-Token', description: 'The operator token (OPS_TOKEN): the CLI and automation.' },
          opsSession: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ops_…',
            description: 'An operator console session from POST /api/ops/auth/login/ (30 minutes idle, 12 hours at most).',
          },
        },
      },
    },
    transform: (document) => {
      if (!DOCUMENTED.test(document.url)) return { schema: { hide: true }, url: document.url };
      const { schema, url } = jsonSchemaTransform(document);
      const security = securityOf(document.route as RouteOptions | undefined);
      return { schema: { ...schema, ...(security ? { security: SCHEMES[security].map((name) => ({ [name]: [] })) } : {}) }, url };
    },
    transformObject: (document) => {
      const doc = jsonSchemaTransformObject(document) as unknown as OpenApiDocument;
      doc.servers = [serverOf(opts.publicUrl)];
      nameOperations(doc);
      describeErrorAnswers(doc);
      describeDeviceCookies(doc);
      pruneComponents(doc);
      return doc as unknown as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    documentedRoutes: { method: string; url: string }[];
  }
}
