// The TestEditor's fake server speaks the published contract: the editor's real API client
// (src/api/*) sends its requests here instead of to the network, each request is parsed with the zod
// schema of its route (domain/contract), and each answer the test scripted is checked against the route's
// response schema, keys it does not name included, as the strict server does. A mismatch fails the test.
import { trackJump, trackJumpParams, trackJumpQuery } from '../../domain/contract/track-jumps';
import { afterEach } from 'vitest';
import type { CompactDetection } from '../../domain/overlay/detection';
import { z } from 'zod';
import { droppedKeys } from '../../server/http/response-serializer';
import {
  reviewSummary,
  trackVerifiedBody,
  trackVerifiedResult,
  actionSegment,
} from '../../domain/contract/annotations';
import {
  actionParams,
  actionPatchBody,
  annotationParams,
  deletedAction,
  deleteTrackResult,
  detectionDeleted,
  detectionParams,
  detectionPatchBody,
  detectionWritten,
  type DetectionWritten,
  mergeBody,
  mergeResult,
  newActionBody,
  restoreBody,
  restoreResult,
  trackParams,
  versionQuery,
} from '../../domain/contract/annotation-edits';
import {
  followBody,
  followProgress,
  followProgressParams,
  followProgressQuery,
  followResult,
  interpolateBody,
  interpolateResult,
  keyframeBody,
  keyframeResult,
  moveBody,
  moveResult,
  newTrackBody,
  newTrackResult,
  poseAssistBody,
  poseAssistResult,
  propagateBody,
  propagateResult,
  rangeDeleteQuery,
  rangeDeleteResult,
  splitBody,
  splitResult,
  swapBody,
  swapResult,
} from '../../domain/contract/track-corrections';
import {
  issueComment,
  issueItemParams,
  issueList,
  issueListQuery,
  issueParams,
  issuePatchBody,
  newCommentBody,
  newIssueBody,
  reviewIssue,
} from '../../domain/contract/review-issues';

interface Route {
  method: string;
  path: string;
  params: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  status?: number;
}

const A = '/api/v1/annotations/:id';
/** The editor's calls; a literal segment (merge, swap, restore) is listed before the `:trackId` route it would match. */
const ROUTES: Route[] = [
  { method: 'POST', path: `${A}/tracks/merge`, params: annotationParams, body: mergeBody, answer: mergeResult },
  { method: 'POST', path: `${A}/tracks/restore`, params: annotationParams, body: restoreBody, answer: restoreResult },
  { method: 'POST', path: `${A}/tracks/swap`, params: annotationParams, body: swapBody, answer: swapResult },
  {
    method: 'POST',
    path: `${A}/tracks`,
    params: annotationParams,
    body: newTrackBody,
    answer: newTrackResult,
    status: 201,
  },
  { method: 'DELETE', path: `${A}/tracks/:trackId`, params: trackParams, answer: deleteTrackResult },
  {
    method: 'PATCH',
    path: `${A}/tracks/:trackId/detections/:frame`,
    params: detectionParams,
    body: detectionPatchBody,
    answer: detectionWritten,
  },
  {
    method: 'PUT',
    path: `${A}/tracks/:trackId/detections/:frame`,
    params: detectionParams,
    body: keyframeBody,
    answer: keyframeResult,
  },
  {
    method: 'DELETE',
    path: `${A}/tracks/:trackId/detections/:frame`,
    params: detectionParams,
    query: versionQuery,
    answer: detectionDeleted,
  },
  {
    method: 'DELETE',
    path: `${A}/tracks/:trackId/detections`,
    params: trackParams,
    query: rangeDeleteQuery,
    answer: rangeDeleteResult,
  },
  { method: 'POST', path: `${A}/tracks/:trackId/split`, params: trackParams, body: splitBody, answer: splitResult },
  { method: 'POST', path: `${A}/tracks/:trackId/move`, params: trackParams, body: moveBody, answer: moveResult },
  {
    method: 'POST',
    path: `${A}/tracks/:trackId/interpolate`,
    params: trackParams,
    body: interpolateBody,
    answer: interpolateResult,
  },
  {
    method: 'POST',
    path: `${A}/tracks/:trackId/propagate`,
    params: trackParams,
    body: propagateBody,
    answer: propagateResult,
  },
  {
    method: 'POST',
    path: `${A}/tracks/:trackId/follow`,
    params: trackParams,
    body: followBody,
    answer: followResult,
    status: 202,
  },
  {
    method: 'GET',
    path: `${A}/tracks/:trackId/follow/:jobId`,
    params: followProgressParams,
    query: followProgressQuery,
    answer: followProgress,
  },
  {
    method: 'PUT',
    path: `${A}/tracks/:trackId/verified`,
    params: trackParams,
    body: trackVerifiedBody,
    answer: trackVerifiedResult,
  },
  {
    method: 'POST',
    path: `${A}/assist/pose`,
    params: annotationParams,
    body: poseAssistBody,
    answer: poseAssistResult,
  },
  { method: 'GET', path: `${A}/review-summary`, params: annotationParams, answer: reviewSummary },
  {
    method: 'GET',
    path: `${A}/tracks/:trackId/jump`,
    params: trackJumpParams,
    query: trackJumpQuery,
    answer: trackJump,
  },
  {
    method: 'POST',
    path: `${A}/actions`,
    params: annotationParams,
    body: newActionBody,
    answer: actionSegment,
    status: 201,
  },
  {
    method: 'PATCH',
    path: `${A}/actions/:actionId`,
    params: actionParams,
    body: actionPatchBody,
    answer: actionSegment,
  },
  {
    method: 'DELETE',
    path: `${A}/actions/:actionId`,
    params: actionParams,
    query: versionQuery,
    answer: deletedAction,
  },
  { method: 'GET', path: `${A}/issues`, params: issueParams, query: issueListQuery, answer: issueList },
  { method: 'POST', path: `${A}/issues`, params: issueParams, body: newIssueBody, answer: reviewIssue, status: 201 },
  {
    method: 'POST',
    path: `${A}/issues/:issueId/comments`,
    params: issueItemParams,
    body: newCommentBody,
    answer: issueComment,
    status: 201,
  },
  { method: 'PATCH', path: `${A}/issues/:issueId`, params: issueItemParams, body: issuePatchBody, answer: reviewIssue },
];

/** Contract mismatches of the running test: each is thrown where it happens and fails the test afterwards. */
const mismatches: string[] = [];
afterEach(() => {
  const found = mismatches.splice(0);
  if (found.length) throw new Error(`The fake server saw calls outside the API contract:\n${found.join('\n')}`);
});

/** The mismatches so far, taken (a test that provokes one on purpose takes it). */
export const takeMismatches = (): string[] => mismatches.splice(0);

function mismatch(text: string): never {
  mismatches.push(text);
  throw new Error(text);
}

function parse(schema: z.ZodType, value: unknown, what: string): unknown {
  const r = schema.safeParse(value);
  if (!r.success)
    mismatch(`${what}: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`);
  return r.data;
}

function match(method: string, pathname: string): { route: Route; params: Record<string, string> } {
  const parts = pathname.split('/');
  for (const route of ROUTES) {
    const want = route.path.split('/');
    if (route.method !== method || want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    if (
      want.every((w, i) =>
        w.startsWith(':') ? ((params[w.slice(1)] = decodeURIComponent(parts[i])), true) : w === parts[i],
      )
    )
      return { route, params };
  }
  return mismatch(`${method} ${pathname} is not a call of the contract`);
}

/** The fake fetch of one call: checks the request, gets the scripted answer (or its error), checks the answer. */
function contractFetch(answer: () => unknown): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(String(input), 'http://test.invalid');
    const method = (init.method ?? 'GET').toUpperCase();
    const { route, params } = match(method, url.pathname);
    const call = `${method} ${route.path}`;
    parse(route.params, params, `${call} path`);
    const query = Object.fromEntries(url.searchParams);
    if (route.query) parse(route.query, query, `${call} query`);
    else if (Object.keys(query).length) mismatch(`${call} takes no query, was sent ?${url.searchParams}`);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (route.body) parse(route.body, body, `${call} body`);
    else if (body !== undefined) mismatch(`${call} takes no body`);
    const sent = await answer(); // a scripted failure throws here, as fetch or the server would
    const kept = parse(route.answer, sent, `${call} answer`);
    const extra = droppedKeys(JSON.parse(JSON.stringify(sent)), JSON.parse(JSON.stringify(kept)));
    if (extra.length) mismatch(`${call} answer has keys the contract does not name: ${extra.join(', ')}`);
    return new Response(JSON.stringify(sent), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/**
 * Runs one call of the real API client against the fake server. The client reaches fetch synchronously
 * (no await before it), so the fake is in place for exactly this call and the real fetch is back at once.
 */
export function serveOne<T>(call: () => Promise<T>, answer: () => unknown): Promise<T> {
  const real = globalThis.fetch;
  let reached = false;
  const fake = contractFetch(answer);
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    reached = true;
    return fake(input, init);
  }) as typeof fetch;
  let result: Promise<T>;
  try {
    result = call();
  } finally {
    globalThis.fetch = real;
  }
  if (!reached) {
    // a call that ends before it sends anything (an undo with nothing to restore) is the client's own answer
    return result.then((r) => {
      if (!reached) return r;
      throw new Error('The API client awaited before fetch: the fake server cannot see this call');
    });
  }
  return result;
}

/** A stored detection as the server answers it (the box of `det`, or a unit box for a removed row). */
export function savedRow(
  trackId: number,
  frame: number,
  version: number,
  det: CompactDetection | null,
): Omit<DetectionWritten, 'track_version'> {
  const box = det
    ? { x1: det.x1, y1: det.y1, x2: det.x2, y2: det.y2, confidence: det.confidence }
    : { x1: 0, y1: 0, x2: 1, y2: 1, confidence: 1 };
  return {
    track_id: trackId,
    frame,
    bbox: box,
    keypoints: [],
    keypoint_visibility: null,
    source: 'human',
    outside: det?.source === 'outside',
    version,
    updated_by_id: 'test.user',
    updated_at: null,
  };
}
