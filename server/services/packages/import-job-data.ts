// The shapes an import job carries: its queue job's data, one video's outcome, the runner's test hook.
// Apart from import.ts so its start-up recovery and its job definition need not import the import itself.

export interface ImportJobData {
  jobId: number;
}
/** What happened to one package video; the job keeps the list as it goes, so an interrupted job still shows it. */
export interface VideoResult {
  rel_path: string;
  outcome: 'imported' | 'skipped' | 'failed';
  detail: string | null;
}
/** Test hook (VAT_TEST_IMPORT_STALL_AFTER): called after each video is recorded, with how many are done. */
export interface ImportRunOptions {
  afterVideo?: (done: number) => Promise<void>;
}
