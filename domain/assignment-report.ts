// The CSV assignment import's report, as the server answers it and the Assignments screen shows it.
export const REPORT_ROW_LIMIT = 1000;

export type RowAction = 'assigned' | 'skipped' | 'ambiguous' | 'missing' | 'invalid';

export interface ReportRow { csv: Record<string, string>; worker: string | null; action: RowAction; reason: string; video_id: number | null }

export interface AssignmentReport {
  dry_run: boolean;
  force: boolean;
  total_rows: number;
  matched: number;
  assigned: number;
  skipped_already_assigned: number;
  ambiguous: number;
  missing: number;
  invalid: number;
  /** At most REPORT_ROW_LIMIT rows; rows_truncated says when there were more. */
  rows: ReportRow[];
  rows_truncated: boolean;
}
