import { describesRoute } from '../../src/server/http/api-docs';
import type { Answer } from './answer-log';

type Document = { paths: Record<string, Record<string, { responses?: Record<string, unknown> } | undefined> | undefined> };

/**
 * The answers the server gave that the OpenAPI document does not list, as `METHOD /path/{param}/ status`, sorted.
 * Only routes the document describes count (pages, files and sockets are not in it), and only an exact status:
 * a `4XX` or `default` answer would tell a generated client nothing about which errors to expect. HEAD is
 * HTTP's GET without a body, which the document does not repeat.
 */
export function undocumentedAnswers(doc: Document, answers: Answer[]): string[] {
  const missing = new Set<string>();
  for (const { method, route, status } of answers) {
    if (method === 'HEAD' || !describesRoute(route)) continue;
    const path = route.replace(/:(\w+)/g, '{$1}');
    if (!doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]) missing.add(`${method} ${path} ${status}`);
  }
  return [...missing].sort();
}
