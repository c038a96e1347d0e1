// Reading a multipart/form-data request: text fields, and at most one file kept in memory or streamed to a
// path, both with a byte limit (a larger file ends the request with 413 and leaves nothing behind).
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Invalid } from '../domain-errors';

export interface MultipartFile {
  fieldname: string;
  filename: string;
  bytes: number;
  buffer?: Buffer;
  path?: string;
}
export interface MultipartForm {
  fields: Record<string, string>;
  file: MultipartFile | null;
}

class TooLarge extends Error {
  statusCode = 413;
}

export async function readMultipart(
  req: FastifyRequest,
  opts: { maxFileBytes: number; saveTo?: string },
): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new Invalid('Expected a multipart/form-data body');
  const fields: Record<string, string> = {};
  let file: MultipartFile | null = null;
  const tooLarge = () => new TooLarge(`The file is larger than ${Math.floor(opts.maxFileBytes / (1024 * 1024))} MB`);
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxFileBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (opts.saveTo) {
        await pipeline(part.file, fs.createWriteStream(opts.saveTo));
        if (part.file.truncated) throw tooLarge();
        file = {
          fieldname: part.fieldname,
          filename: part.filename,
          bytes: (await fs.promises.stat(opts.saveTo)).size,
          path: opts.saveTo,
        };
      } else {
        const buffer = await part.toBuffer();
        file = { fieldname: part.fieldname, filename: part.filename, bytes: buffer.length, buffer };
      }
    }
  } catch (e) {
    if (opts.saveTo) await fs.promises.rm(opts.saveTo, { force: true });
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw e;
  }
  return { fields, file };
}
