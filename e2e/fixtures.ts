// Shared e2e fixtures: sign-in through the stored identity, API access as a user, and sample lookup.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Video } from '../domain/types';

export type Role = 'annotator' | 'admin' | 'super';

/** The super user bootstrapped by playwright.config.ts (VAT_BOOTSTRAP_SUPER). */
export const SUPER_ID = 'e2e-super';

/** Stores the identity the way the sign-in dialog does (localStorage va_user) before the app loads. */
export async function signIn(page: Page, id: string, role: Role = 'annotator', name?: string): Promise<void> {
  await page.addInitScript(
    ([uid, r, n]) => {
      localStorage.setItem(
        'va_user',
        JSON.stringify({ signedIn: true, id: uid, name: n ?? '', role: r, ts: Date.now() }),
      );
    },
    [id, role, name] as const,
  );
}

export const userHeaders = (id: string, role: Role = 'annotator') => ({ 'X-User-Id': id, 'X-User-Role': role });

/** Grants a role on the server (roles live in the users table; only a super user may write it). */
export async function grantRole(request: APIRequestContext, id: string, role: Role): Promise<void> {
  const res = await request.post('/api/v1/admin/users', {
    headers: userHeaders(SUPER_ID, 'super'),
    data: { id, name: id, role },
  });
  if (!res.ok() && res.status() !== 409) throw new Error(`grantRole ${id}: HTTP ${res.status()} ${await res.text()}`);
}

/**
 * The specs that process a clip check the screens around processing (progress, cancel, overlay, review
 * queue, packages), not the model's accuracy: they switch the server to the MultiPose model on every
 * frame, whose run is short yet long enough to be seen part-way and cancelled (the default, Fast, can
 * finish before a cancel lands). The default and top-down modes are run on the same people
 * clip by tests/processing/real-model.test.ts and on the labelled clips by tests/eval.
 */
export async function useQuickPoseModel(request: APIRequestContext): Promise<void> {
  const headers = userHeaders(SUPER_ID, 'super');
  const current = await (await request.get('/api/v1/settings/render')).json();
  if (current.pose_model === 'multipose' && current.pipeline_frame_stride === 1) return;
  const res = await request.put('/api/v1/settings/render', {
    headers,
    data: { ...current, pose_model: 'multipose', pipeline_frame_stride: 1 },
  });
  if (!res.ok()) throw new Error(`useQuickPoseModel: HTTP ${res.status()} ${await res.text()}`);
}

/** All library videos (first page of 1000). */
export async function listVideos(request: APIRequestContext, query = ''): Promise<Video[]> {
  const res = await request.get(`/api/v1/videos/?limit=1000&skip=0${query}`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The sample video whose filename starts with `prefix` (counter_, people_, testsrc_, ...). */
export async function sampleVideo(request: APIRequestContext, prefix: string): Promise<Video> {
  const v = (await listVideos(request)).find((x) => x.filename.startsWith(prefix));
  if (!v) throw new Error(`sample clip ${prefix}* is not in the library`);
  return v;
}

/**
 * Console discipline: a test fails on any console error or warning, or uncaught page error, that it did
 * not declare. A test that provokes one on purpose (a refused save, a failed request) lists a pattern
 * for it with `test.use({ expectedConsole: [/…/] })` or `expectConsole(page, /…/)`.
 */
interface ConsoleFixtures {
  expectedConsole: RegExp[];
  consoleGuard: ConsoleGuard;
}
export interface ConsoleGuard {
  allow(pattern: RegExp): void;
}

const guards = new WeakMap<Page, ConsoleGuard>();

/** Declares, inside one test, a console message it expects (e.g. the failed request it provokes). */
export function expectConsole(page: Page, pattern: RegExp): void {
  const g = guards.get(page);
  if (!g) throw new Error('expectConsole needs the page fixture of e2e/fixtures.ts');
  g.allow(pattern);
}

export const test = base.extend<ConsoleFixtures>({
  expectedConsole: [[], { option: true }],
  consoleGuard: [
    async ({ page, expectedConsole }, use) => {
      const allowed = [...expectedConsole];
      const unexpected: string[] = [];
      const check = (kind: string, text: string) => {
        if (!allowed.some((re) => re.test(text))) unexpected.push(`${kind}: ${text}`);
      };
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') check(`console.${m.type()}`, m.text());
      });
      page.on('pageerror', (e) => check('pageerror', e.message));
      const guard: ConsoleGuard = {
        allow: (re) => {
          allowed.push(re);
        },
      };
      guards.set(page, guard);
      await use(guard);
      expect(unexpected, 'unexpected console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
