// /api/v1/assignments: the assignees of the library's filter, and the CSV import of assignments.
import { z } from 'zod';
import { count, rowId } from './common';

export const assignee = z
  .object({
    id: z.string(),
    name: z.string().describe('the id when the user has no name'),
    count,
  })
  .meta({ id: 'Assignee' });
export type Assignee = z.infer<typeof assignee>;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
export const assignmentImportQuery = z.object({ dry_run: flag, force: flag });

export const assignmentReportRow = z.object({
  csv: z.record(z.string(), z.string()).describe('the row as the CSV had it, by column'),
  worker: z.string().nullable(),
  action: z.enum(['assigned', 'skipped', 'ambiguous', 'missing', 'invalid']),
  reason: z.string(),
  video_id: rowId.nullable(),
});
export const assignmentReport = z
  .object({
    dry_run: z.boolean(),
    force: z.boolean(),
    total_rows: count,
    matched: count,
    assigned: count,
    skipped_already_assigned: count,
    ambiguous: count,
    missing: count,
    invalid: count,
    rows: z.array(assignmentReportRow).describe('at most 1000 rows; rows_truncated says when there were more'),
    rows_truncated: z.boolean(),
  })
  .meta({ id: 'AssignmentReport' });
export type AssignmentReport = z.infer<typeof assignmentReport>;
export type AssignmentReportRow = z.infer<typeof assignmentReportRow>;
