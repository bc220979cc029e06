import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Routes declare their params, querystring, body and responses with the zod contract of src/shared/ (typed through
 * fastify-type-provider-zod's ZodTypeProvider), and the same schemas describe the API in /api/openapi.json.
 *
 * Validation keeps zod's own error, so the error handler answers it in our format (http/errors.ts): `{"field":
 * ["메시지"]}` in Korean for a body or a query, 404 with the route's message for an id in the path. The library's
 * validator would hand Fastify plain issue objects instead.
 *
 * Responses are written by fast-json-stringify from the schema's JSON Schema (the serializer Fastify uses for its
 * own schemas): only the declared fields go out — a row's extra column never leaks — and a list of 500 parties is
 * written faster than JSON.stringify would, instead of being parsed by zod again on every request.
 */
export function installRouteSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(({ schema }) => serializerOf(schema as z.ZodType));
  // A POST without a body (or with a JSON `null`) is validated as an empty object, so its missing fields are named
  // one by one, as the handlers did with `req.body ?? {}` before the schemas.
  app.addHook('preValidation', async (req) => {
    if ((req.body === undefined || req.body === null) && req.routeOptions.schema?.body) req.body = {};
  });
}

// One serializer per schema, not one per route and status: most routes share the error schema (ApiError) for
// several statuses, and every test builds apps anew.
const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();
function serializerOf(schema: z.ZodType) {
  let serialize = serializers.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as object);
    serializers.set(schema, serialize);
  }
  return serialize;
}
