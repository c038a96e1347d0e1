// The kinds and states of a long job: plain lists shared by the job model and the API contract.
export const JOB_KINDS = ['processing', 'render', 'import', 'scan', 'reingest', 'purge', 'follow'] as const;
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
