// Bulk assignment from a CSV: each row names a video (full path first, else file name) and a worker.
// The whole import is planned in one transaction over the matched rows as they are, applying each row's
// effect to that picture before the next (so a file named twice behaves the same in a dry run and a real
// run), and written in the same transaction unless it is a dry run.
import path from 'node:path';
import type { Db, Tx } from '../../db/connect';
import { findVideosByPathOrName, setAssignee, type AssignableVideo } from '../../repositories/assignments';
import { listUsers } from '../../repositories/users';
import { parseAssignmentCsv, type CsvAssignmentRow } from './csv-rows';
import {
  REPORT_ROW_LIMIT,
  type AssignmentReport,
  type ReportRow,
  type RowAction,
} from '../../../domain/assignment-report';

export { REPORT_ROW_LIMIT, type AssignmentReport };

interface Worker {
  id: string;
  name: string;
}

/** A known user by id, else a user whose name is exactly this (when only one has it), else the text as both. */
function workerResolver(users: Array<{ id: string; name: string | null }>): (text: string) => Worker {
  const byId = new Map(users.map((u) => [u.id.toLowerCase(), u]));
  const byName = new Map<string, Array<{ id: string; name: string | null }>>();
  for (const u of users) if (u.name) byName.set(u.name.toLowerCase(), [...(byName.get(u.name.toLowerCase()) ?? []), u]);
  return (text) => {
    const u =
      byId.get(text.toLowerCase()) ??
      (byName.get(text.toLowerCase())?.length === 1 ? byName.get(text.toLowerCase())![0] : undefined);
    return u ? { id: u.id, name: u.name || u.id } : { id: text, name: text };
  };
}

function matchVideo(
  row: CsvAssignmentRow,
  byPath: Map<string, AssignableVideo>,
  byName: Map<string, AssignableVideo[]>,
): { video: AssignableVideo } | { action: 'ambiguous' | 'missing'; reason: string } {
  if (row.fullpath) {
    const v = byPath.get(row.fullpath);
    if (v) return { video: v };
  }
  const name = row.filename || (row.fullpath ? path.basename(row.fullpath) : '');
  const found = byName.get(name) ?? [];
  if (found.length === 1) return { video: found[0] };
  if (found.length > 1) {
    const roots = [...new Set(found.map((v) => v.sourceRoot))];
    return {
      action: 'ambiguous',
      reason: `${found.length} videos are named ${name} (in ${roots.join(', ')}); give the fullpath`,
    };
  }
  return {
    action: 'missing',
    reason: row.fullpath ? `no video at ${row.fullpath} or named ${name}` : `no video named ${name}`,
  };
}

async function plan(tx: Db | Tx, rows: CsvAssignmentRow[], force: boolean, hiddenSourceRoles: string[]) {
  const paths = [...new Set(rows.map((r) => r.fullpath).filter(Boolean))];
  const names = [
    ...new Set(rows.map((r) => r.filename || (r.fullpath ? path.basename(r.fullpath) : '')).filter(Boolean)),
  ];
  const candidates = await findVideosByPathOrName(tx, paths, names, hiddenSourceRoles);
  const byPath = new Map(candidates.map((v) => [v.path, v]));
  const byName = new Map<string, AssignableVideo[]>();
  for (const v of candidates) byName.set(v.filename, [...(byName.get(v.filename) ?? []), v]);
  const resolve = workerResolver(await listUsers(tx));
  // who each matched video is assigned to as the import proceeds row by row
  const current = new Map(
    candidates.map((v) => [
      v.id,
      v.assignedToId ? { id: v.assignedToId, name: v.assignedToName ?? v.assignedToId } : null,
    ]),
  );
  const writes = new Map<number, Worker>();
  const report: ReportRow[] = [];
  const counts = { matched: 0, assigned: 0, skipped_already_assigned: 0, ambiguous: 0, missing: 0, invalid: 0 };
  for (const row of rows) {
    const out = (action: RowAction, reason: string, worker: string | null, videoId: number | null) => {
      report.push({ csv: row.csv, worker, action, reason, video_id: videoId });
    };
    if (!row.filename && !row.fullpath) {
      counts.invalid++;
      out('invalid', 'no filename or fullpath', row.worker || null, null);
      continue;
    }
    if (!row.worker) {
      counts.invalid++;
      out('invalid', 'no worker_name', null, null);
      continue;
    }
    const m = matchVideo(row, byPath, byName);
    if (!('video' in m)) {
      counts[m.action]++;
      out(m.action, m.reason, row.worker, null);
      continue;
    }
    counts.matched++;
    const worker = resolve(row.worker);
    const was = current.get(m.video.id) ?? null;
    if (was && !force) {
      counts.skipped_already_assigned++;
      out(
        'skipped',
        was.id === worker.id
          ? `already assigned to ${was.name}`
          : `already assigned to ${was.name} (force overwrite to reassign)`,
        worker.id,
        m.video.id,
      );
      continue;
    }
    counts.assigned++;
    current.set(m.video.id, worker);
    writes.set(m.video.id, worker);
    out('assigned', was ? `reassigned from ${was.name}` : 'assigned', worker.id, m.video.id);
  }
  return { counts, report, writes };
}

export async function importAssignments(
  db: Db,
  content: Buffer,
  opts: { dryRun: boolean; force: boolean; hiddenSourceRoles: string[] },
): Promise<AssignmentReport> {
  const rows = parseAssignmentCsv(content);
  return db.transaction(async (tx) => {
    const { counts, report, writes } = await plan(tx, rows, opts.force, opts.hiddenSourceRoles); // a hidden source's videos are 'missing'
    if (!opts.dryRun) {
      // one write per distinct worker
      const byWorker = new Map<string, { worker: Worker; ids: number[] }>();
      for (const [id, w] of writes) {
        const k = `${w.id}\u0000${w.name}`;
        byWorker.set(k, { worker: w, ids: [...(byWorker.get(k)?.ids ?? []), id] });
      }
      for (const { worker, ids } of byWorker.values()) await setAssignee(tx, ids, worker, opts.hiddenSourceRoles);
    }
    return {
      dry_run: opts.dryRun,
      force: opts.force,
      total_rows: rows.length,
      ...counts,
      rows: report.slice(0, REPORT_ROW_LIMIT),
      rows_truncated: report.length > REPORT_ROW_LIMIT,
    };
  });
}
