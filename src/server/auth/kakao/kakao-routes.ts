import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../../shared/error-contract';
import { kakaoConfig, kakaoLoginResponse } from '../../../shared/auth-contract';
import type { Ctx } from '../../context';
import { detail, HttpError } from '../../http/errors';
import { clientAddress, limiter } from '../../http/rate-limit';
import { createKakaoClient, KakaoError, type KakaoEndpoints } from './kakao-client';
import { kakaoLogin } from './kakao-login';
import { STAND_IN_CLIENT_ID, STAND_IN_PREFIX, standInRoutes } from './stand-in';

const CALLBACK_PATH = '/oauth/kakao/callback';
const body = z.object({ code: z.string().trim().min(1, '인가 코드가 없습니다.').max(2048), redirect_uri: z.string().trim().min(1, 'redirect_uri가 없습니다.').max(2048) });

export async function kakaoRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const k = ctx.config.kakao;
  const standIn = !k.restApiKey;
  if (standIn && ctx.config.env === 'production') {
    throw new Error('KAKAO_REST_API_KEY is required in production: the local Kakao stand-in never runs there.');
  }

  // With an explicit list (KAKAO_REDIRECT_URIS) only those; otherwise only this server's own callback page, on the
  // host the request came to or one of ALLOWED_ORIGINS. Never an arbitrary URL: codes must not leak elsewhere.
  const isAllowedRedirect = (uri: string, host?: string) => {
    if (k.redirectUris.length) return k.redirectUris.includes(uri);
    let u: URL;
    try {
      u = new URL(uri);
    } catch {
      return false;
    }
    if (u.pathname !== CALLBACK_PATH || u.search || u.hash || !/^https?:$/.test(u.protocol)) return false;
    return u.host === host || ctx.config.allowedOrigins.includes(u.origin) || (!!ctx.config.publicUrl && new URL(ctx.config.publicUrl).origin === u.origin);
  };

  // The stand-in is reached over real HTTP on this server's own port, so the Kakao client is exactly the same.
  const selfBase = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${STAND_IN_PREFIX}`;
  const endpoints = (): KakaoEndpoints =>
    standIn
      ? { authBaseUrl: selfBase(), apiBaseUrl: selfBase(), restApiKey: STAND_IN_CLIENT_ID }
      : { authBaseUrl: k.authBaseUrl, apiBaseUrl: k.apiBaseUrl, restApiKey: k.restApiKey!, clientSecret: k.clientSecret };
  const kakao = createKakaoClient(endpoints, ctx.fetch ?? fetch);
  // Sign-ins from one address have the budget of signups (a first Kakao sign-in creates an account). The stand-in's
  // consent form, which mints codes, gets the same budget of its own, so its in-memory code table cannot be flooded.
  const perAddress = (name: string) =>
    limiter(app, { max: ctx.limits.signupPerIpPerHour, windowMs: 3_600_000, key: (req) => `${name}:${clientAddress(req)}` });
  if (standIn) await standInRoutes(app, isAllowedRedirect, perAddress('kakao-stand-in-ip'));

  // What the browser needs to start the redirect (spec §7: client id, redirect address, response_type=code).
  app.get('/api/signup/auth/kakao/config/', { schema: { summary: "What the browser needs to start Kakao's sign-in redirect", response: { 200: kakaoConfig } } }, async () => ({
    authorize_url: standIn ? `${STAND_IN_PREFIX}/oauth/authorize` : `${k.authBaseUrl}/oauth/authorize`,
    client_id: standIn ? STAND_IN_CLIENT_ID : k.restApiKey!,
    redirect_uri: k.redirectUris[0] ?? null,
    stand_in: standIn,
  }));

  const loginSchema = { summary: "Sign in with Kakao's authorization code: a token pair, creating the account the first time", body, response: { 200: kakaoLoginResponse, ...refusals(400, 429, 502) } };
  app.post('/api/signup/auth/kakao/', { onRequest: perAddress('kakao-ip'), schema: loginSchema }, async (req) => {
    const b = req.body;
    if (!isAllowedRedirect(b.redirect_uri, req.headers.host)) throw new HttpError(400, { redirect_uri: ['허용되지 않은 redirect_uri입니다.'] });
    try {
      return await kakaoLogin(ctx, kakao, b.code, b.redirect_uri);
    } catch (err) {
      if (err instanceof KakaoError) throw detail(err.status, err.message);
      throw err;
    }
  });
}
