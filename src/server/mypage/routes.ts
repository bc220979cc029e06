import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';
import { additionalInfoRoutes } from './additional-routes';
import { communityRoutes } from './community-routes';
import { extraSettingsRoutes } from './extra-settings-routes';
import { historyRoutes } from './history-routes';
import { myPageMainRoutes } from './main-routes';
import { profileRoutes } from './profile-routes';
import { studentCardRoutes } from './student-card-routes';
import { withdrawRoutes } from './withdraw-routes';

/** Everything under /api/mypage/: the student's own page, profile, settings, reviews and reports, history, withdrawal, the student card. */
export async function myPageRoutes(app: FastifyInstance, ctx: Ctx) {
  await myPageMainRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await extraSettingsRoutes(app, ctx);
  await communityRoutes(app, ctx);
  await historyRoutes(app, ctx);
  await withdrawRoutes(app, ctx);
  await additionalInfoRoutes(app, ctx);
  await studentCardRoutes(app, ctx);
}
