import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';

/** `inline`: hashes of the page shell's own inline loader and styles (page-shell.ts), the only inline code allowed. */
export async function installSecurity(app: FastifyInstance, ctx: Ctx, inline: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] }) {
  const production = ctx.config.env === 'production';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inline.scripts],
        // React and react-spring set styles through the CSSOM, which CSP does not restrict; the only inline <style>
        // elements are the build's own stylesheets the shell inlines, each allowed by its hash.
        styleSrc: ["'self'", ...inline.styles],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on a laptop or a phone reaching http://192.168.x.x it would break every request.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production,
    crossOriginEmbedderPolicy: false,
  });

  const allowed = new Set(ctx.config.allowedOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
    credentials: false,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
  });

  // Limits are set per route (login, signup); the plugin itself limits nothing globally.
  await app.register(rateLimit, {
    global: false,
    // injectWS and some proxies leave req.ip empty; fall back to one shared bucket rather than crash.
    keyGenerator: (req) => req.ip ?? 'unknown',
  });
}
