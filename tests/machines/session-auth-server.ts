// A fake server for the session machine in its server-side sign-in modes: the auth config, the /me answer
// and the login / logout answers, with the calls it was asked, plus an in-memory storage for va_user.
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session';
import type { KeyValueStorage, SessionUser } from '../../machines/session-identity';
import { OPEN_AUTH, type AuthConfig, type ServerIdentity } from '../../domain/auth';

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const settle = () => new Promise((r) => setTimeout(r, 0));
export const config = (c: Partial<AuthConfig>): AuthConfig => ({ ...OPEN_AUTH, ...c });
export const me = (id: string, role: ServerIdentity['role'], extra: Partial<ServerIdentity> = {}): ServerIdentity => ({
  signed_in: true,
  id,
  name: id.toUpperCase(),
  role,
  must_change_password: false,
  ...extra,
});
export const NOBODY: ServerIdentity = { signed_in: false, id: null, name: null, role: 'annotator' };

/** A fake server: the config, the /me answer and the login / logout answers, with what was asked. */
export function fakeServer(opts: {
  auth: AuthConfig | Error;
  me?: ServerIdentity;
  login?: (id: string, password: string) => Promise<ServerIdentity>;
  logout?: () => Promise<void>;
}) {
  const calls: string[] = [];
  const actors = {
    fetchAuthConfig: fromPromise<AuthConfig>(async () => {
      calls.push('config');
      if (opts.auth instanceof Error) throw opts.auth;
      return opts.auth;
    }),
    fetchMe: fromPromise<ServerIdentity>(async () => {
      calls.push('me');
      return opts.me ?? NOBODY;
    }),
    login: fromPromise<ServerIdentity, { id: string; password: string }>(({ input }) => {
      calls.push(`login ${input.id}`);
      return opts.login!(input.id, input.password);
    }),
    logout: fromPromise<void>(() => {
      calls.push('logout');
      return opts.logout ? opts.logout() : Promise.resolve();
    }),
    fetchGrantedRole: fromPromise<'annotator' | 'admin' | 'super', SessionUser>(async () => {
      calls.push('granted');
      return 'annotator';
    }),
  };
  return { calls, actors };
}

export const startOn = (server: ReturnType<typeof fakeServer>, storage = memoryStorage()) =>
  createActor(sessionMachine.provide({ actors: server.actors }), { input: { storage, now: () => 7 } }).start();
