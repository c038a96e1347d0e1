// Which calls the lock of reviewed and labelled videos covers (services/review-issues/review-lock.ts holds
// the rule): every write under /annotations/{id} except the review issue calls, and process / reprocess.
const ANNOTATION_WRITE = /^\/api\/v1\/annotations\/:id\/(?!issues(\/|$))/;
const PROCESSING = /^\/api\/v1\/videos\/:id\/(process|reprocess)$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isLockableWrite = (method: string, routeUrl: string) =>
  WRITES.has(method) && (ANNOTATION_WRITE.test(routeUrl) || PROCESSING.test(routeUrl));
