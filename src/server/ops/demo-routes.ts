import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { opsDemoCreate } from '../../shared/ops';
import { opsDemo } from '../../shared/ops-contract';
import type { Ctx } from '../context';
import { places } from '../db/schema/places';
import { users } from '../db/schema/users';
import { DEMO_STUDENTS } from '../db/seed/demo-people';
import { detail } from '../http/errors';
import { joinParty } from '../reserve/join';
import { payParticipation } from '../reserve/pay';
import { opsActorOf } from './audit';
import { requireOps } from './guard';
import { createParty } from './party-routes';

const DEMO_DEPOSIT = 1000;

/**
 * `npm run ops -- demo`: a party starting in a few minutes, already joined and paid by the demo students, so two
 * browser windows can reach the lobby and the game without waiting for a real party.
 */
export async function opsDemoRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: 'A demo party starting in a few minutes, joined and paid by the demo students', body: opsDemoCreate, response: { 201: opsDemo, ...refusals(400) } };
  app.post('/api/ops/demo/', { preValidation: requireOps(ctx), schema }, async (req, reply) => {
    const { body } = req;
    const students = await ctx.db
      .select({ id: users.id, username: users.username, points: users.points })
      .from(users)
      .where(inArray(users.username, DEMO_STUDENTS.map((s) => s.username)));
    if (!students.length) throw detail(400, '데모 학생 계정이 없습니다. 데모 캠퍼스가 시드된 데이터베이스에서 실행해 주세요.');
    // Checked before anything is created: a refusal must not leave half a demo behind.
    if (students.some((s) => s.points < DEMO_DEPOSIT)) throw detail(400, '포인트가 부족한 데모 학생이 있습니다. 먼저 포인트를 지급해 주세요.');
    const [place] = await ctx.db.select({ id: places.id }).from(places).orderBy(asc(places.id)).limit(1);
    if (!place) throw detail(400, '장소가 없습니다. 먼저 장소를 추가해 주세요.');
    const start = new Date(ctx.clock.now().getTime() + body.minutes * 60_000);
    const demo = {
      title: body.title ?? '파티온 데모 밸런스 게임',
      description: '데모용 파티입니다. 로비에 모여 밸런스 게임을 해 보세요!',
      place_id: place.id,
      start_time: start.toISOString(),
      max_participants: 8,
      deposit: DEMO_DEPOSIT,
      tags: ['데모', '밸런스게임'],
    };
    // Audited with the party it creates (one transaction); the seats that follow are the demo students' own rows.
    const partyId = await createParty(ctx, demo, { actor: opsActorOf(req), action: 'demo.create' });
    const joined: string[] = [];
    for (const s of students) {
      const participation = await joinParty(ctx, s.id, partyId);
      await payParticipation(ctx, s.id, participation.id, req.log);
      joined.push(s.username);
    }
    return reply.status(201).send({ id: partyId, start_time: start.toISOString(), joined });
  });
}
