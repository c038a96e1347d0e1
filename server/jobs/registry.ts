// Every job kind's definition, by kind: what cancel (undo before start), start-up recovery and the
// queue workers are built from. A definition sits beside the code that runs it: the kinds a queue worker
// runs whose job code is their own (processing, render) under kinds/, the kinds a service runs itself
// (scan and re-ingest, purge, follow, and package import, whose dry run runs inside its request) beside
// that service. A new kind is one definition and one line here.
import type { JobKind } from '../../domain/job-progress';
import { followJob } from '../services/assist/follow-kind';
import { importJob } from '../services/packages/import-kind';
import { processingJob } from './kinds/processing/definition';
import { purgeJob } from '../services/storage/purge-kind';
import { renderJob } from './kinds/render/definition';
import { reingestJob, scanJob } from '../services/scan-kind';
import type { JobDefinition } from '../services/job-definition';

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
