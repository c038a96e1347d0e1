// Reads an assignment CSV: a header row naming the columns (several spellings accepted), then one row
// per video. Handles a byte-order mark, quoted fields, CRLF, and comma, semicolon or tab separators.
import { parse } from 'csv-parse/sync';
import { Invalid } from '../../domain-errors';

/** Header spellings of each column, compared trimmed and case-insensitively. */
export const COLUMN_ALIASES = {
  filename: ['filename', 'file_name', 'file', 'video', 'video_name'],
  fullpath: ['fullpath', 'full_path', 'path', 'filepath', 'file_path'],
  worker_name: ['worker_name', 'worker', 'assignee', 'worker_id', 'assigned_to', 'user', 'user_id'],
} as const;

export interface CsvAssignmentRow {
  /** The row as the file has it (its own header names). */
  csv: Record<string, string>;
  filename: string;
  fullpath: string;
  worker: string;
}

const canonical = (header: string): keyof typeof COLUMN_ALIASES | null => {
  const h = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  for (const [key, names] of Object.entries(COLUMN_ALIASES))
    if ((names as readonly string[]).includes(h)) return key as keyof typeof COLUMN_ALIASES;
  return null;
};

export function parseAssignmentCsv(content: Buffer): CsvAssignmentRow[] {
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      delimiter: [',', ';', '\t'],
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (e) {
    throw new Invalid(`Malformed CSV: ${(e as Error).message}`);
  }
  if (records.length === 0) throw new Invalid('The CSV file is empty');
  const header = records[0];
  const index: Partial<Record<keyof typeof COLUMN_ALIASES, number>> = {};
  header.forEach((h, i) => {
    const k = canonical(h);
    if (k && index[k] === undefined) index[k] = i;
  });
  if (index.filename === undefined && index.fullpath === undefined) {
    throw new Invalid(
      `The CSV needs a filename column (${COLUMN_ALIASES.filename.join(', ')}) or a fullpath column (${COLUMN_ALIASES.fullpath.join(', ')})`,
    );
  }
  if (index.worker_name === undefined)
    throw new Invalid(`The CSV needs a worker_name column (${COLUMN_ALIASES.worker_name.join(', ')})`);
  return records.slice(1).map((rec) => {
    const csv: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h !== '') csv[h] = rec[i] ?? '';
    });
    const at = (k: keyof typeof COLUMN_ALIASES) => (index[k] === undefined ? '' : (rec[index[k]!] ?? '').trim());
    return { csv, filename: at('filename'), fullpath: at('fullpath'), worker: at('worker_name') };
  });
}
