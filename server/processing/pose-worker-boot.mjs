// Worker threads do not inherit tsx's loader hooks (Node 20), so the pose worker starts here: register
// tsx in this thread, then load the TypeScript worker module.
import { register } from 'tsx/esm/api';

register();
await import('./pose-worker.ts');
