import type { FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { detail } from './errors';

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/**
 * Reads a whole multipart body. Size limits are the multipart plugin's (a file over the limit throws its 413
 * error); only the files named in `fileFields` are kept so nobody can park extra uploads on the server.
 */
export async function readMultipart(req: FastifyRequest, fileFields: string[]): Promise<MultipartBody> {
  if (!req.isMultipart()) throw detail(400, M.invalidBody);
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (fileFields.includes(part.fieldname) && bytes.length > 0) files[part.fieldname] = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // The plugin's own limits carry a status (413); anything else is a body the parser could not read.
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw detail(400, M.invalidBody);
  }
  return { fields, files };
}
