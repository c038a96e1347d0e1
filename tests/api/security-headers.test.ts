// Every answer carries the browser-hardening headers: a Content-Security-Policy of this server's own
// resources with no framing, nosniff, a Referrer-Policy that keeps the Origin of the app's own writes
// (the cookie-write Origin check needs it), and the API reference page's own policy.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** The directives of a policy header, by name. */
const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  const answers: Array<[string, string, string?]> = [
    ['an API read', '/api/v1/status'],
    ['an API error', '/api/v1/videos/999999'],
    ['an unknown endpoint', '/api/v1/nothing-here'],
    ['the OpenAPI document', '/api/v1/openapi.json'],
    ['a resumable-upload answer', '/api/v1/uploads/tus', 'OPTIONS'],
  ];
  test.each(answers)('%s carries nosniff, no framing and the Referrer-Policy', async (_name, url, method = 'GET') => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  test("the web app's policy allows only this server's scripts and styles, nothing inline or evaluated", async () => {
    const res = await t.app.inject({ url: '/api/v1/status' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    // a server on a LAN address without TLS must keep working: no forced upgrade, no HSTS from here
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('the API reference page has its own policy: inline styles (Swagger UI writes its own), still no inline script or framing', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});
