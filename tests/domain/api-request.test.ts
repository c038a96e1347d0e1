// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, getApiBase, identityHeaders, onUnauthorized, request, setApiBase } from '../../src/api/request';

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  setApiBase('');
});
afterEach(() => vi.restoreAllMocks());

describe('shared request behaviour', () => {
  test('the base address loses its trailing slash and prefixes every path', async () => {
    setApiBase('http://api.example:9000///');
    const f = vi.spyOn(globalThis, 'fetch').mockResolvedValue(ok([]));
    await request('/api/v1/videos/?limit=1');
    expect(f.mock.calls[0][0]).toBe('http://api.example:9000/api/v1/videos/?limit=1');
  });

  test('a signed-in user adds X-User-Id, X-User-Name and X-User-Role; guests and corrupt records add none', async () => {
    localStorage.setItem(
      'va_user',
      JSON.stringify({ signedIn: true, id: 'ann', name: 'Ann Lee', role: 'admin', ts: 1 }),
    );
    expect(identityHeaders()).toEqual({ 'X-User-Id': 'ann', 'X-User-Name': 'Ann%20Lee', 'X-User-Role': 'admin' });
    localStorage.setItem('va_user', JSON.stringify({ signedIn: true, id: 'ann' }));
    expect(identityHeaders()).toEqual({ 'X-User-Id': 'ann' });
    localStorage.setItem('va_user', '{not json');
    expect(identityHeaders()).toEqual({});
    localStorage.setItem('va_user', JSON.stringify({ signedIn: false, id: 'ann' }));
    expect(identityHeaders()).toEqual({});
  });

  test('a network error with a base set retries once relative, warns, and clears the base', async () => {
    setApiBase('http://down.example');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(ok({ a: 1 }));
    expect(await request('/api/v1/status')).toEqual({ a: 1 });
    expect(f.mock.calls.map((c) => c[0])).toEqual(['http://down.example/api/v1/status', '/api/v1/status']);
    expect(warn.mock.calls[0][0]).toMatch(/API base/);
    expect(getApiBase()).toBe('');
  });

  test('when the retry also fails the original error is raised', async () => {
    setApiBase('http://down.example');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const original = new TypeError('original failure');
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(original).mockRejectedValueOnce(new TypeError('second'));
    await expect(request('/api/v1/status')).rejects.toBe(original);
  });

  test('without a base a network error is not retried', async () => {
    const f = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await expect(request('/x')).rejects.toThrow('offline');
    expect(f).toHaveBeenCalledTimes(1);
  });

  test('error text is the server detail, else the body, else the fallback', async () => {
    const f = vi.spyOn(globalThis, 'fetch');
    f.mockResolvedValueOnce(
      new Response(JSON.stringify({ detail: 'Source must be online before re-ingesting.' }), { status: 409 }),
    );
    await expect(request('/a', { fallback: 'Failed to re-ingest source' })).rejects.toMatchObject({
      status: 409,
      message: 'Source must be online before re-ingesting.',
    });
    f.mockResolvedValueOnce(new Response('', { status: 500 }));
    const e = (await request('/b', { fallback: 'Failed to load videos' }).catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe('Failed to load videos');
  });
});

describe('a session the server no longer knows', () => {
  test('a 401 from an ordinary call is reported, but not from sign-in or a wrong current password', async () => {
    const seen: string[] = [];
    const stop = onUnauthorized(() => seen.push('401'));
    const unauthorized = () =>
      new Response(JSON.stringify({ detail: 'Sign in first' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => unauthorized());
    await expect(request('/api/v1/videos/')).rejects.toThrow('Sign in first');
    await expect(request('/api/v1/auth/login', { method: 'POST', json: {} })).rejects.toThrow('Sign in first');
    await expect(request('/api/v1/me/password', { method: 'PUT', json: {} })).rejects.toThrow('Sign in first');
    expect(seen).toEqual(['401']);
    stop();
    await expect(request('/api/v1/videos/')).rejects.toThrow('Sign in first');
    expect(seen).toEqual(['401']);
  });
});
