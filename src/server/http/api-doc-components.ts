import type { OpenApiDocument } from './api-doc-types';

// Component kinds that are referred to with `$ref` (security schemes are named in `security` instead).
const REFERRED = ['schemas', 'responses', 'headers', 'parameters', 'requestBodies', 'examples', 'links', 'callbacks', 'pathItems'];

/**
 * Drops the components no operation reaches. The generator lists every zod schema that carries an id, each also as
 * an `…Input` twin, and some are only ever inlined; a reader of the document should find only what the API uses.
 */
export function pruneComponents(doc: OpenApiDocument): void {
  const components = doc.components ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref') visit(value);
      else if (typeof value === 'string' && !reached.has(value)) {
        reached.add(value);
        const [, kind, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(value) ?? [];
        if (kind) visit(components[kind]?.[name]);
      }
    }
  };
  visit({ ...doc, components: undefined });
  for (const kind of REFERRED) {
    const named = components[kind];
    if (!named) continue;
    for (const name of Object.keys(named)) if (!reached.has(`#/components/${kind}/${name}`)) delete named[name];
    if (!Object.keys(named).length) delete components[kind];
  }
}
