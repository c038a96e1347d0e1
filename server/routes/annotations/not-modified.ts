// The 304 of reads with a strong ETag: an If-None-Match that matches answers no body.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export const notModified = { 304: z.null().describe('Not modified: the If-None-Match tag is still current') };

/** Answers 304 without a body (the declared 304 schema is for the document only). */
export const sendNotModified = (reply: FastifyReply) => reply.code(304).send();
