import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditTarget } from '../../shared/audit';
import type { Db, Tx } from '../db/connect';
import { auditLog } from '../db/schema/audit';
import { detail } from '../http/errors';

/** Who did an operator action: a signed-in operator, or the shared X-Ops-Token (the CLI, automation). */
export interface OpsActor {
  operatorId: number | null;
  /** The operator's username, or "token". */
  name: string;
}

export const TOKEN_ACTOR: OpsActor = { operatorId: null, name: 'token' };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOps (ops/guard.ts); null outside the operator API. */
    opsActor: OpsActor | null;
  }
}

/** The actor of a request that passed requireOps. */
export function opsActorOf(req: FastifyRequest): OpsActor {
  if (!req.opsActor) throw detail(401, '운영자 인증이 필요합니다.');
  return req.opsActor;
}

export interface AuditEntry {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number;
  /** The values the action changed, as they were and as they are (plain JSON; null for a creation / nothing). */
  before?: unknown;
  after?: unknown;
  at: Date;
}

/**
 * Appends one row to the audit log. Call it inside the action's own transaction, so an action that rolls back
 * leaves no row and one that commits always has its row.
 */
export async function recordAudit(tx: Tx | Db, actor: OpsActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: actor.operatorId,
    actor: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.at,
  });
}
