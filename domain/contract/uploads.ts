// /api/v1/uploads/tus: resumable uploads over the tus 1.0 protocol. tus writes these answers itself (the
// route hands the raw request to @tus/server), so they are documented here as they are sent; none goes
// through a JSON serialiser. What an answer says is mostly in its headers (Upload-Offset, Location, …).
import { z } from 'zod';
import { errorBody } from './common';

const errors = {
  description:
    "tus protocol errors as plain text; the server's own refusals (file name, too many unfinished uploads (429), another user's upload (404)) as {detail}",
  content: { 'application/json': { schema: errorBody }, 'text/plain': { schema: z.string() } },
};
const withErrors = <T extends object>(ok: T) => ({ ...ok, '4XX': errors, '5XX': errors });

export const tusAnswers = {
  /** PATCH: the next bytes at Upload-Offset (application/offset+octet-stream). */
  patch: withErrors({
    204: z.null().describe('the bytes are stored; Upload-Offset says how many the server has'),
    200: {
      description:
        'the upload is complete and ingested: the new video (the Video record, as GET /api/v1/videos/{id} answers it)',
      content: { 'application/json': { schema: z.object({}).loose().describe('the Video record') } },
    },
  }),
  /** DELETE: drop an unfinished upload (the tus termination extension). */
  delete: withErrors({ 204: z.null().describe('the upload and its bytes are gone') }),
  /** OPTIONS: what this tus server supports (Tus-Version, Tus-Extension, Tus-Max-Size headers). */
  options: withErrors({
    204: z.null().describe('Tus-Version, Tus-Extension and Tus-Max-Size say what the server supports'),
  }),
};
