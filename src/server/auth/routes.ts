import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { accountRoutes } from './account-routes';
import { kakaoRoutes } from './kakao/kakao-routes';
import { passwordResetRoutes } from './password-reset-routes';

/** Signup, login, tokens, password recovery, and Kakao sign-in (with its local stand-in when no Kakao keys are configured). */
export async function authRoutes(app: FastifyInstance, ctx: Ctx) {
  await accountRoutes(app, ctx);
  await kakaoRoutes(app, ctx);
  await passwordResetRoutes(app, ctx);
}
