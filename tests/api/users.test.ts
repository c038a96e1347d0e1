// /admin/users: who may do what, the last-super rule, the id rule and the audit trail, over a real database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, makeTestApp, type TestApp } from '../helpers/test-app';
import { bootstrapUsers, LAST_SUPER_DELETE, removeUser } from '../../server/services/users';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await bootstrapUsers(t.database.db, ['boss@example.com']);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: string | null, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who ? as(who, 'super') : {}, ...(payload ? { payload } : {}) });
const history = async (id: string) => (await call('GET', `/admin/users/${id}/history`, 'boss@example.com')).json();

describe('roles', () => {
  test('a super adds users; admins read the list but cannot write; annotators cannot read', async () => {
    expect(
      (await call('POST', '/admin/users', 'boss@example.com', { id: 'ada.admin', name: 'Ada', role: 'admin' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/admin/users', 'boss@example.com', { id: 'ann.one', role: 'annotator' })).statusCode,
    ).toBe(200);
    const list = await call('GET', '/admin/users', 'ada.admin');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { id: string }) => u.id)).toEqual(['ada.admin', 'ann.one', 'boss@example.com']);
    expect((await call('PUT', '/admin/users/ann.one', 'ada.admin', { name: 'x', role: 'super' })).statusCode).toBe(403);
    expect((await call('DELETE', '/admin/users/ann.one', 'ada.admin')).statusCode).toBe(403);
    expect((await call('GET', '/admin/users', 'ann.one')).statusCode).toBe(403);
    expect((await call('GET', '/admin/users/ann.one/history', 'ann.one')).statusCode).toBe(403);
    expect((await call('GET', '/admin/users/ann.one/history', 'ada.admin')).statusCode).toBe(200);
  });
  test('an edit answers the stored record and the new role takes effect at once', async () => {
    const r = await call('PUT', '/admin/users/ann.one', 'boss@example.com', { name: '  Ann One ', role: 'admin' });
    expect(r.json()).toMatchObject({ id: 'ann.one', name: 'Ann One', role: 'admin' });
    expect((await call('GET', '/admin/users', 'ann.one')).statusCode).toBe(200);
  });
  test('editing or deleting an unknown user is 404', async () => {
    expect(
      (await call('PUT', '/admin/users/nobody', 'boss@example.com', { name: null, role: 'admin' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/admin/users/nobody', 'boss@example.com')).statusCode).toBe(404);
  });
});

describe('there is always a super user', () => {
  test('the last super cannot step down; with a second super they can', async () => {
    const alone = await call('PUT', '/admin/users/boss@example.com', 'boss@example.com', { name: null, role: 'admin' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().detail).toBe('Cannot remove the super role from the last super user');
    const readd = await call('POST', '/admin/users', 'boss@example.com', { id: 'boss@example.com', role: 'annotator' });
    expect(readd.statusCode).toBe(409);
    await call('POST', '/admin/users', 'boss@example.com', { id: 'second.super', role: 'super' });
    const handOver = await call('PUT', '/admin/users/boss@example.com', 'boss@example.com', {
      name: 'Former boss',
      role: 'admin',
    });
    expect(handOver.json()).toMatchObject({ role: 'admin', name: 'Former boss' });
    // the remaining super is now the last one
    const demote = await call('PUT', '/admin/users/second.super', 'second.super', { name: null, role: 'annotator' });
    expect(demote.statusCode).toBe(409);
  });
  test('nobody deletes themself, and the last super cannot be deleted', async () => {
    const self = await call('DELETE', '/admin/users/second.super', 'second.super');
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('Cannot delete yourself');
    // only a super may delete, so the rule is reached through the service by an account removed meanwhile
    await expect(
      removeUser(t.database.db, { id: 'ghost.super', name: null, role: 'super' }, 'second.super'),
    ).rejects.toThrow(LAST_SUPER_DELETE);
    const users = (await call('GET', '/admin/users', 'second.super')).json();
    expect(users.filter((u: { role: string }) => u.role === 'super').map((u: { id: string }) => u.id)).toEqual([
      'second.super',
    ]);
  });
});

describe('the id rule', () => {
  test.each(['ab', 'x'.repeat(65), 'with space', 'semi;colon', 'é@x.org'])(
    'POST refuses %j with the sign-in rule text',
    async (id) => {
      const r = await call('POST', '/admin/users', 'second.super', { id, role: 'annotator' });
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toContain('3–64 chars: letters, numbers, . _ - @');
    },
  );
  test('history of a malformed id is 400', async () => {
    expect((await call('GET', '/admin/users/a%20b/history', 'second.super')).statusCode).toBe(400);
  });
});

describe('audit trail', () => {
  test('every change is recorded with who, when and old → new name and role, newest first', async () => {
    await call('POST', '/admin/users', 'second.super', { id: 'audited', name: 'First', role: 'annotator' });
    await call('PUT', '/admin/users/audited', 'second.super', { name: 'Second', role: 'admin' });
    await call('PUT', '/admin/users/audited', 'second.super', { name: 'Second', role: 'admin' }); // no change: no entry
    await call('DELETE', '/admin/users/audited', 'second.super');
    const h = await history('audited');
    expect(h.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(h[1]).toMatchObject({
      changed_by_id: 'second.super',
      old_name: 'First',
      new_name: 'Second',
      old_role: 'annotator',
      new_role: 'admin',
    });
    expect(h[0]).toMatchObject({ old_role: 'admin', new_role: null });
    expect(h[2]).toMatchObject({ old_role: null, new_role: 'annotator', new_name: 'First' });
    expect(Date.parse(h[0].changed_at)).toBeGreaterThanOrEqual(Date.parse(h[2].changed_at));
  });
  test('a refused change leaves no trace', async () => {
    const before = (await history('second.super')).length;
    await call('PUT', '/admin/users/second.super', 'second.super', { name: null, role: 'annotator' });
    expect((await history('second.super')).length).toBe(before);
  });
});
