// GET requests an early-fetch entry (index.html) starts while the app bundle is still being evaluated, so
// the server answers them while React renders. The first call for the same path takes the response,
// once, and only while fresh; anything else (a failed fetch, another path, a stale one) asks again.
import { apiUrl, identityHeaders } from './request';

interface Early {
  at: number;
  res: Promise<Response | null>;
}
const started = new Map<string, Early>();
/** An early response older than this is not used (the page stayed on its loading state for long). */
const FRESH_MS = 10_000;

export function startEarlyRequest(path: string): void {
  started.set(path, { at: Date.now(), res: fetch(apiUrl(path), { headers: identityHeaders() }).catch(() => null) });
}

/** The early response of `path` if there is a fresh one (removed: a second call asks the server). */
export async function takeEarlyResponse(path: string): Promise<Response | null> {
  const early = started.get(path);
  if (!early) return null;
  started.delete(path);
  if (Date.now() - early.at > FRESH_MS) return null;
  const res = await early.res;
  return res?.ok ? res : null;
}
