// /api/v1/sources: the library's source list and re-ingest (one source, or all of them).
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { sources } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { requireAdmin, requireUser } from '../http/identity';
import { queryBool } from '../http/params';
import type { RoutePlugin } from '../http/types';
import { ingestSource, normaliseRoot } from '../services/ingest';

export const sourceRoutes: RoutePlugin = (app, { database: { db }, media, config }) => {
  app.get('/sources', async () => {
    const rows = await db.select().from(sources).orderBy(asc(sources.root));
    return rows.map((s) => ({ root: s.root, label: s.label, role: s.role, enabled: s.enabled, created_at: s.createdAt.toISOString() }));
  });

  const reingestQuery = z.object({
    root: z.string().min(1).max(4096).optional(),
    delete_missing: queryBool.default(false),
    include_disabled: queryBool.default(false),
  });

  app.post('/sources/reingest', { schema: { querystring: reingestQuery } }, async (req) => {
    const q = req.query;
    if (q.root !== undefined) {
      const who = requireUser(req);
      if (q.root.includes('\0')) throw badRequest('root contains a NUL byte');
      // The client names a source; only configured roots are ever scanned.
      const root = normaliseRoot(q.root);
      const [src] = await db.select().from(sources).where(eq(sources.root, root)).limit(1);
      if (!src) throw notFound(`Unknown source: ${q.root}`);
      if (!src.enabled) throw conflict('Source must be online before re-ingesting.');
      const r = await ingestSource(db, media, root, { deleteMissing: q.delete_missing, initiatedBy: who.id, parallelism: config.ingestParallelism })
        .catch((e: Error) => { throw conflict(`Re-ingest failed: ${e.message}`); });
      return { root, added: r.added, removed: r.removed, updated: r.updated, restored: r.restored, errors: r.errors, job_id: r.job_id };
    }
    const who = requireAdmin(req);
    const all = await db.select().from(sources).orderBy(asc(sources.root));
    let added = 0, removed = 0;
    const results = [];
    for (const src of all) {
      if (!src.enabled && !q.include_disabled) continue;
      try {
        const r = await ingestSource(db, media, src.root, { deleteMissing: q.delete_missing, initiatedBy: who.id, parallelism: config.ingestParallelism });
        added += r.added; removed += r.removed;
        results.push({ root: src.root, added: r.added, removed: r.removed, errors: r.errors, job_id: r.job_id });
      } catch (e) {
        results.push({ root: src.root, added: 0, removed: 0, errors: [(e as Error).message] });
      }
    }
    return { added, removed, sources: results };
  });
};
