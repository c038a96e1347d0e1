// The browser-hardening headers, seen from Chromium: every screen of the built app (the library, the
// Annotate screen playing a video with its canvas overlay, the API reference page) runs under the server's
// Content-Security-Policy without a single violation, and the console stays clean (the fixture's guard).
import type { Page } from '@playwright/test';
import { test, expect, sampleVideo, signIn } from './fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every policy violation of the page from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations!.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
}
const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test('the library and the Annotate screen, video playing and overlay drawn, run under the policy', async ({
  page,
  request,
}) => {
  const counter = await sampleVideo(request, 'counter_');
  // one drawn box on the clip, so the overlay draws on its canvas
  const drawn = await request.post(`/api/v1/annotations/${counter.id}/tracks`, {
    headers: { 'X-User-Id': 'csp.annotator' },
    data: { frame: 0, box: { x1: 0.2, y1: 0.2, x2: 0.4, y2: 0.7 } },
  });
  expect(drawn.ok()).toBeTruthy();
  await signIn(page, 'csp.annotator');
  await recordViolations(page);

  const home = await page.goto('/videos');
  const csp = home!.headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(home!.headers()['x-content-type-options']).toBe('nosniff');
  expect(home!.headers()['referrer-policy']).toBe('same-origin');
  await expect(page.getByTestId('library.row').first()).toBeVisible();

  await page.goto(`/videos/${counter.id}/annotate`);
  await expect(page.getByTestId('header.title')).toContainText('Annotate: ');
  await expect
    .poll(() =>
      page.evaluate(() => (document.querySelector('[data-testid="player.video"]') as HTMLVideoElement).readyState),
    )
    .toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.evaluate(() => window.__vat?.overlay().boxes ?? 0)).toBeGreaterThan(0);
  await page.keyboard.press('Space');
  await expect.poll(() => page.evaluate(() => window.__vat?.currentFrame() ?? 0)).toBeGreaterThan(5);
  await page.keyboard.press('Space');
  expect(await violations(page)).toEqual([]);
});

test('the API reference page (Swagger UI) runs under its policy and shows the calls', async ({ page }) => {
  await recordViolations(page);
  const docs = await page.goto('/api/docs');
  expect(docs!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Video Annotation Tool API');
  // open one call: its parameters and answers render
  await page.locator('.opblock-summary', { hasText: '/api/v1/status' }).first().click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
