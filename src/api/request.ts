// Shared request behaviour: optional API base, identity headers, retry once on a
// network error with the relative path (then clear the base), and `detail` as the error text.
import { STORED_USER_KEY } from '../../domain/constants';

let apiBase = (import.meta.env?.VITE_API_BASE ?? '').replace(/\/+$/, '');

export function getApiBase(): string {
  return apiBase;
}
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body?: unknown,
  ) {
    super(message);
  }
}

interface StoredUser {
  signedIn?: boolean;
  id?: string;
  name?: string;
  role?: string;
}

/** The X-User-* headers of the stored identity (none for guests or a corrupt record). */
export function identityHeaders(): Record<string, string> {
  let u: StoredUser | null;
  try {
    u = JSON.parse(globalThis.localStorage?.getItem(STORED_USER_KEY) ?? 'null');
  } catch {
    u = null;
  }
  if (!u || typeof u !== 'object' || !u.signedIn || !u.id) return {};
  const h: Record<string, string> = { 'X-User-Id': u.id };
  if (u.name) h['X-User-Name'] = encodeURIComponent(u.name);
  if (u.role) h['X-User-Role'] = u.role;
  return h;
}

export function apiUrl(path: string): string {
  return `${apiBase}${path}`;
}

// Where the server signs people in, a 401 on an ordinary call means the session ended (signed out
// elsewhere, ended by an administrator, expired): the session asks the server again who is signed in.
// Sign-in calls and a wrong current password answer 401 for the typed password, not the session.
const NOT_ABOUT_THE_SESSION = ['/api/v1/auth/', '/api/v1/me/password'];
let unauthorizedListener: (() => void) | null = null;

/** Calls `listener` on a 401 from an ordinary call; returns the function that stops it. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

/** fetch with the shared rules; returns the raw Response (callers decide how to read it). */
export async function rawRequest(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(identityHeaders())) headers.set(k, v);
  const opts = { ...init, headers };
  const base = apiBase;
  const res = await fetchWithRetry(base, path, opts);
  if (res.status === 401 && unauthorizedListener && !NOT_ABOUT_THE_SESSION.some((p) => path.startsWith(p)))
    unauthorizedListener();
  return res;
}

async function fetchWithRetry(base: string, path: string, opts: RequestInit): Promise<Response> {
  try {
    return await fetch(`${base}${path}`, opts);
  } catch (err) {
    if (!base || (err as Error)?.name === 'AbortError') throw err;
    console.warn(
      `API request to ${base}${path} failed; retrying with the relative path. Check the API base setting (VITE_API_BASE).`,
    );
    apiBase = '';
    try {
      return await fetch(path, opts);
    } catch {
      throw err;
    }
  }
}

/** Reads the error text: the server's `detail`, else the body text, else the fallback. */
export async function errorText(res: Response, fallback: string): Promise<string> {
  try {
    const text = await res.text();
    try {
      const j = JSON.parse(text);
      if (j && typeof j.detail === 'string') return j.detail;
      if (j && Array.isArray(j.detail)) return j.detail.map((d: { msg?: string }) => d.msg ?? String(d)).join('; ');
    } catch {
      /* not JSON */
    }
    return text.trim() || fallback;
  } catch {
    return fallback;
  }
}

/** JSON request: throws ApiError with `detail` (or the fallback) on a non-2xx answer. */
export async function request<T>(
  path: string,
  init: RequestInit & { json?: unknown; fallback?: string } = {},
): Promise<T> {
  const { json, fallback, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  const res = await rawRequest(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  if (!res.ok) throw new ApiError(res.status, await errorText(res, fallback ?? `HTTP ${res.status}`));
  if (res.status === 204) return undefined as T;
  const ct = res.headers.get('content-type') ?? '';
  return (ct.includes('json') ? await res.json() : await res.text()) as T;
}
