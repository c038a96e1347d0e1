// Every job kind's definition, by kind: what cancel (undo before start), start-up recovery and the
// queue workers are built from. A new kind is one file under kinds/ and one line here.
import type { JobKind } from '../../domain/job-progress';
import { followJob } from './kinds/follow';
import { importJob } from './kinds/import';
import { processingJob } from './kinds/processing/definition';
import { purgeJob } from './kinds/purge';
import { renderJob } from './kinds/render';
import { reingestJob, scanJob } from './kinds/scan';
import type { JobDefinition } from './types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own data and deps
type AnyDefinition = JobDefinition<any, any>;

export const JOB_DEFINITIONS: Record<JobKind, AnyDefinition> = {
  processing: processingJob,
  render: renderJob,
  import: importJob,
  scan: scanJob,
  reingest: reingestJob,
  purge: purgeJob,
  follow: followJob,
};

export const definitionOf = (kind: string): AnyDefinition | undefined => JOB_DEFINITIONS[kind as JobKind];
