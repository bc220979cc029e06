import type { z } from 'zod';
import type { opsMe, opsOperatorList } from '../../shared/ops-contract';
import { opsFetch } from './ops-api';

export type OpsMeAnswer = z.infer<typeof opsMe>;
export type OperatorList = z.infer<typeof opsOperatorList>;
export type OperatorRow = OperatorList['results'][number];

export const OPS_ME_PATH = '/api/ops/auth/me/';
export const OPERATORS_PATH = '/api/ops/operators/';

const accountPath = (username: string, what: string) => `${OPERATORS_PATH}${encodeURIComponent(username)}/${what}/`;

export function addOperator(body: { username: string; password: string }) {
  return opsFetch<unknown>(OPERATORS_PATH, { method: 'POST', json: body });
}

export function setOperatorDisabled(username: string, disabled: boolean) {
  return opsFetch<unknown>(accountPath(username, disabled ? 'disable' : 'enable'), { method: 'POST' });
}

export function resetOperatorPassword(username: string, password: string) {
  return opsFetch<unknown>(accountPath(username, 'password'), { method: 'POST', json: { password } });
}
