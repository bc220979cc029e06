import { firstErrorMessage } from '../../shared/errors';

/** A failed call: the HTTP status (0 when the network failed), the parsed body, and the message a person reads. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(firstErrorMessage(body) ?? '');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The server's own words when it sent some, otherwise the screen's default text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The server's message for one field of a refused form (`{name: ['…']}`), if it named that field. */
export function fieldError(failure: unknown, field: string): string | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 400) return undefined;
  const messages = (failure.body as Record<string, unknown> | null)?.[field];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}
