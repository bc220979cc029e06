// The parts of an OpenAPI 3.1 document that http/api-doc-*.ts read and complete (the generator's own types are
// @fastify/swagger's, which describe its options rather than the document it writes).

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, object>;
}

export interface OpenApiDocument {
  openapi: string;
  info: object;
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown> | undefined>;
}
