// Runs once before the test workers start: makes sure the empty migrated PGlite database that
// makeTestApp loads (tests/helpers/test-app.ts) is built (tests/helpers/pglite-template.ts). Saves initdb
// and the migrations for each of the ~100 apps the suite builds.
import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './helpers/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated empty PGlite database (a gzipped data-dir tarball, as `npm run backup` writes). */
    pgliteTemplate: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await ensurePgliteTemplate());
}
