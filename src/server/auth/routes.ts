import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { accountRoutes } from './account-routes';
import { kakaoRoutes } from './kakao/kakao-routes';

/** Signup, login, tokens, and Kakao sign-in (with its local stand-in when no Kakao keys are configured). */
export async function authRoutes(app: FastifyInstance, ctx: Ctx) {
  await accountRoutes(app, ctx);
  await kakaoRoutes(app, ctx);
}
