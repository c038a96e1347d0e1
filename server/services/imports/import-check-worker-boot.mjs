// Worker threads do not inherit tsx's loader hooks (Node 20), so the import checker starts here: register
// tsx in this thread, then load the TypeScript worker module.
import { register } from 'tsx/esm/api';

register();
await import('./import-check-worker.ts');
