// Before the first spec: the empty migrated PGlite database the seeded servers start from
// (annotate-seeded-server.ts), so each of them loads it instead of running the migrations again.
import { ensurePgliteTemplate } from '../tests/helpers/pglite-template';

export default async function globalSetup(): Promise<void> {
  process.env.E2E_PGLITE_TEMPLATE = await ensurePgliteTemplate();
}
