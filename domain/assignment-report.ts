// The CSV assignment import's report, as the server answers it and the Assignments screen shows it.
import type { AssignmentReport, AssignmentReportRow as ReportRow } from './contract/assignments';

export const REPORT_ROW_LIMIT = 1000;

export type { AssignmentReport, ReportRow };
export type RowAction = ReportRow['action'];
