// Real sign-in (issue 30) end to end, on its own server in `password` mode (the shared e2e server runs in
// `open` mode): the one-time setup link it prints creates the first super user, who adds an annotator and
// sets their password; the annotator signs in through the dialog in another browser context, sees the
// annotator's menus, edits a box (read back through the API with their cookie) and signs out, after which
// the old session cookie is refused by the server.
import type { Page } from '@playwright/test';
import { test, expect, expectConsole, sampleVideo } from './fixtures';
import { seedVideoOf, startSeededServer, type SeededServer } from './annotate-seeded-server';
import { seedTrack } from './seeded-tracks';
import type { AnnotationSet } from '../domain/types';

let server: SeededServer;
let videoId: number;

const SUPER = { id: 'boss.admin', name: 'Boss Admin', password: 'violet-harbour-lantern-93' };
const ANNOTATOR = { id: 'anna', name: 'Anna Annotator', password: 'quiet-meadow-compass-57' };
const BOX: [number, number, number, number] = [0.1, 0.2, 0.3, 0.7];

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 1000 } });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const counter = await sampleVideo(request, 'counter_');
  server = await startSeededServer(
    [seedVideoOf(counter)],
    async (database, ids) => {
      // One person (track 1) on every frame.
      await seedTrack(database, ids[0], 1, BOX, 0, counter.total_frames - 1);
    },
    undefined,
    { VAT_AUTH: 'password', VAT_BOOTSTRAP_SUPER: '' },
  );
  videoId = server.ids[0];
});
test.afterAll(async () => {
  await server?.stop();
});

/** The one-time link the server printed at start-up, as the person who started it reads it. */
async function printedSetupLink(): Promise<string> {
  await expect.poll(() => /\/setup\?token=\S+/.test(server.output())).toBe(true);
  return /(http\S+\/setup\?token=\S+)/.exec(server.output())![1];
}

async function signInThroughDialog(page: Page, id: string, password: string) {
  await page.getByTestId('shell.account').click();
  const dialog = page.getByTestId('dialog.signIn');
  await expect(dialog).toBeVisible();
  await page.getByTestId('signIn.userId').fill(id);
  await page.getByTestId('signIn.password').fill(password);
  await page.keyboard.press('Enter');
}

test('the setup link creates the first super user, who adds an annotator with a password', async ({ page }) => {
  const link = await printedSetupLink();
  expect(link.startsWith(`${server.baseURL}/setup?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible();
  await page.getByTestId('setup.userId').fill(SUPER.id);
  await page.getByTestId('setup.name').fill(SUPER.name);
  await page.getByTestId('auth.password').fill(SUPER.password);
  await page.getByTestId('auth.confirmPassword').fill(SUPER.password);
  await page.getByTestId('setup.submit').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('shell.sessionChip')).toHaveText(`Signed in: ${SUPER.id} (super)`);

  await page.getByTestId('users.add.id').fill(ANNOTATOR.id);
  await page.getByTestId('users.add.name').fill(ANNOTATOR.name);
  await page.getByTestId('users.add.role').selectOption('annotator');
  await page.getByTestId('users.add.submit').click();
  const row = page.getByTestId(`users.row.${ANNOTATOR.id}`);
  await expect(row.getByTestId('users.noPasswordChip')).toBeVisible();
  await row.getByTestId('users.setPassword').click();
  const dialog = page.getByTestId('users.setPasswordDialog');
  await dialog.getByTestId('auth.password').fill(ANNOTATOR.password);
  await dialog.getByTestId('auth.confirmPassword').fill(ANNOTATOR.password);
  await dialog.getByTestId('users.mustChange').uncheck();
  await dialog.getByTestId('users.setPasswordConfirm').click();
  await expect(page.getByText(`Password set for ${ANNOTATOR.id}`)).toBeVisible();
  await expect(row.getByTestId('users.noPasswordChip')).toHaveCount(0);

  // The setup link was single use (asked as the browser would, from this server's own page).
  const again = await page.request.post(`${server.baseURL}/api/v1/auth/setup`, {
    headers: { Origin: server.baseURL },
    data: { token: new URL(link).searchParams.get('token'), id: 'second.boss', name: '', password: SUPER.password },
  });
  expect([400, 410]).toContain(again.status());
});

test('a wrong password shows "Wrong user ID or password"', async ({ page }) => {
  expectConsole(page, /401 \(Unauthorized\)/);
  await page.goto(`${server.baseURL}/videos`);
  await signInThroughDialog(page, ANNOTATOR.id, 'not-the-password-at-all');
  await expect(page.getByTestId('signIn.error')).toHaveText('Wrong user ID or password');
  await expect(page.getByTestId('shell.sessionChip')).not.toContainText(ANNOTATOR.id);
});

test('the annotator signs in through the dialog, edits a box, and signing out ends the session on the server', async ({
  page,
  request,
}) => {
  await page.goto(`${server.baseURL}/videos`);
  await signInThroughDialog(page, ANNOTATOR.id, ANNOTATOR.password);
  await expect(page.getByTestId('dialog.signIn')).toBeHidden();
  await expect(page.getByTestId('shell.sessionChip')).toHaveText(`Signed in: ${ANNOTATOR.id} (annotator)`);
  // The annotator's menus: the shared screens, none of the admin entries.
  await expect(page.getByTestId('shell.menu.videos')).toBeVisible();
  await expect(page.getByTestId('shell.menu.review')).toBeVisible();
  for (const adminEntry of ['shell.menu.assignments', 'shell.menu.admin-repository', 'shell.menu.admin-users']) {
    await expect(page.getByTestId(adminEntry)).toHaveCount(0);
  }
  const cookie = (await page.context().cookies(server.baseURL)).find((c) => c.name === 'vat_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  const withOldCookie = { Cookie: `vat_session=${cookie!.value}` };

  // Edit a box: drag the bottom-right corner of track 1 in Edit mode.
  await page.goto(`${server.baseURL}/videos/${videoId}/annotate`);
  await expect.poll(() => page.evaluate(() => window.__vat?.loadedWindows().length ?? 0)).toBeGreaterThan(0);
  await page.getByTestId('controls.mode-edit').click();
  await expect(page.getByTestId('controls.mode-edit')).toHaveAttribute('aria-pressed', 'true');
  const b = (await page.evaluate(() => window.__vatEdit!.boxOnScreen(1)))!;
  await page.mouse.click((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2);
  const f = (await page.evaluate(() => window.__vatEdit!.frameOnScreen()))!;
  const s = { x: f.x1, y: f.y1, width: f.x2 - f.x1, height: f.y2 - f.y1 };
  await page.mouse.move(b.x2, b.y2);
  await page.mouse.down();
  await page.mouse.move(b.x2 + 20, b.y2 + 15, { steps: 4 });
  await page.mouse.move(b.x2 + 40, b.y2 + 30, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => page.evaluate(() => window.__vatEdit?.pending() ?? -1)).toBe(0);
  // Read back with the annotator's own cookie.
  const res = await request.get(`${server.baseURL}/api/v1/annotations/${videoId}`, { headers: withOldCookie });
  expect(res.ok()).toBeTruthy();
  const set: AnnotationSet = await res.json();
  const saved = set.person_tracks.find((t) => t.track_id === 1)!.detections.find((d) => d.frame === 0)!;
  expect(saved.bbox.x2).toBeCloseTo((b.x2 + 40 - s.x) / s.width, 2);
  expect(saved.bbox.y2).toBeCloseTo((b.y2 + 30 - s.y) / s.height, 2);
  expect(saved.source).toBe('human');
  expect((await request.get(`${server.baseURL}/api/v1/me/tokens`, { headers: withOldCookie })).status()).toBe(200);

  // Sign out through the Account dialog.
  await page.getByTestId('shell.account').click();
  await expect(page.getByTestId('dialog.account')).toBeVisible();
  await page.getByTestId('dialog.account').getByTestId('signIn.signOut').click();
  await expect(page.getByTestId('dialog.account')).toBeHidden();
  await expect(page.getByTestId('shell.sessionChip')).not.toContainText(ANNOTATOR.id);
  expect((await page.context().cookies(server.baseURL)).some((c) => c.name === 'vat_session')).toBe(false);

  // The server ended the session: the old cookie names nobody.
  expect((await request.get(`${server.baseURL}/api/v1/me/tokens`, { headers: withOldCookie })).status()).toBe(401);
  const me = await (await request.get(`${server.baseURL}/api/v1/me`, { headers: withOldCookie })).json();
  expect(me.signed_in).toBe(false);
  const edit = await request.post(`${server.baseURL}/api/v1/me/tokens`, {
    headers: { ...withOldCookie, Origin: server.baseURL },
    data: { name: 'after sign-out' },
  });
  expect(edit.status()).toBe(401);
});

test('a password set with "must change" makes the user choose their own before anything else', async ({
  page,
  request,
}) => {
  const BEN = { id: 'ben', given: 'handed-over-paper-note-71', own: 'amber-glacier-window-28' };
  // The super user, by API as a script would (their browser steps are covered above).
  const origin = { Origin: server.baseURL };
  const boss = await request.post(`${server.baseURL}/api/v1/auth/login`, {
    headers: origin,
    data: { id: SUPER.id, password: SUPER.password },
  });
  expect(boss.status()).toBe(200);
  const bossCookie = /vat_session=[^;]+/.exec(boss.headers()['set-cookie'])![0];
  const asBoss = { ...origin, Cookie: bossCookie };
  expect(
    (
      await request.post(`${server.baseURL}/api/v1/admin/users`, {
        headers: asBoss,
        data: { id: BEN.id, name: 'Ben', role: 'annotator' },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.put(`${server.baseURL}/api/v1/admin/users/${BEN.id}/password`, {
        headers: asBoss,
        data: { password: BEN.given, must_change: true },
      })
    ).status(),
  ).toBe(204);

  await page.goto(`${server.baseURL}/videos`);
  await signInThroughDialog(page, BEN.id, BEN.given);
  const account = page.getByTestId('dialog.account');
  await expect(account.getByTestId('account.mustChange')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(account).toBeVisible(); // cannot be closed until the password is changed
  await account.getByTestId('account.currentPassword').fill(BEN.given);
  await account.getByTestId('account.newPassword').fill(BEN.own);
  await account.getByTestId('account.confirmPassword').fill(BEN.own);
  await account.getByTestId('account.changePassword').click();
  await expect(account.getByTestId('account.mustChange')).toHaveCount(0);
  await expect(page.getByTestId('shell.sessionChip')).toHaveText(`Signed in: ${BEN.id} (annotator)`);
  const me = await (await page.request.get(`${server.baseURL}/api/v1/me`)).json();
  expect(me).toMatchObject({ id: BEN.id, must_change_password: false });
  // The handed-over password no longer works; their own does.
  const old = await request.post(`${server.baseURL}/api/v1/auth/login`, {
    headers: origin,
    data: { id: BEN.id, password: BEN.given },
  });
  expect(old.status()).toBe(401);
  const own = await request.post(`${server.baseURL}/api/v1/auth/login`, {
    headers: origin,
    data: { id: BEN.id, password: BEN.own },
  });
  expect(own.status()).toBe(200);
});
