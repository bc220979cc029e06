import type { OpenApiDocument } from './api-doc-types';

/**
 * An operation's id, from its method and path, so it is unique and stays the same as long as the call does (a
 * generated client names its functions after it): `GET /api/detailview/parties/{partyId}/` is
 * `getDetailviewPartiesByPartyId`; `/api/` is left out, being every call's.
 */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/);
    });
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/**
 * Names every operation, and says outright that a call without a guard needs no credentials (`security: []`), so
 * a reader (or a linter) never has to guess whether it was forgotten.
 */
export function nameOperations(doc: OpenApiDocument): void {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      op.operationId ??= operationIdOf(method, path);
      op.security ??= [];
    }
  }
}
