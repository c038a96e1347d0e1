// Personal API tokens for scripts: `vat_` + 32 random bytes, shown once at creation and stored as SHA-256.
// A token acts with its owner's current role (read from users on each use). Only a signed-in session
// creates one (routes/me-tokens.ts); a password change, a password set by an admin and disabling the
// account end them all (endTokens), so a leaked token dies with the levers meant to stop its owner.
import type { Db, Tx } from '../../db/connect';
import { Forbidden, NotFound, Unauthenticated } from '../../domain-errors';
import {
  deleteUserToken,
  deleteUserTokens,
  findTokenWithUser,
  insertToken,
  listUserTokens,
  markTokenUsed,
  type TokenRow,
} from '../../repositories/auth-tokens';
import { auditSignIn, type UserRow } from '../../repositories/auth-users';
import { newSecret, sha256 } from './secrets';

export const TOKEN_PREFIX = 'vat_';
/** last_used_at is written at most this often per token. */
const MARK_USED_EVERY_MS = 60_000;

const tokenDto = (t: TokenRow) => ({
  id: t.id,
  name: t.name,
  created_at: t.createdAt.toISOString(),
  expires_at: t.expiresAt?.toISOString() ?? null,
  last_used_at: t.lastUsedAt?.toISOString() ?? null,
});

/** A new token for a signed-in user; a request made with a token may not make one (it would outlive its own revocation). */
export async function createToken(
  db: Db,
  userId: string,
  req: { name: string; expiresInDays?: number },
  now: Date,
  caller: { byToken: boolean } = { byToken: false },
) {
  if (caller.byToken) throw new Forbidden('Create API tokens while signed in (Account → API tokens), not with a token');
  const token = TOKEN_PREFIX + newSecret();
  const expiresAt = req.expiresInDays ? new Date(now.getTime() + req.expiresInDays * 86_400_000) : null;
  const row = await insertToken(db, { userId, name: req.name, tokenHash: sha256(token), createdAt: now, expiresAt });
  await auditSignIn(db, { userId, action: 'token-create', by: userId, at: now, detail: req.name });
  const { id, name, created_at, expires_at } = tokenDto(row);
  return { id, name, token, created_at, expires_at };
}

export const myTokens = async (db: Db, userId: string) => (await listUserTokens(db, userId)).map(tokenDto);

export async function revokeToken(db: Db, userId: string, id: number, now: Date): Promise<void> {
  const row = await deleteUserToken(db, userId, id);
  if (!row) throw new NotFound(`Token ${id} not found`);
  await auditSignIn(db, { userId, action: 'token-revoke', by: userId, at: now, detail: row.name });
}

/** Ends every token of a user (a password change, a password set, a disabled account), in the trail with why. */
export async function endTokens(tx: Db | Tx, userId: string, by: string, why: string, now: Date): Promise<void> {
  for (const name of await deleteUserTokens(tx, userId))
    await auditSignIn(tx, { userId, action: 'token-revoke', by, at: now, detail: `${name}: ended by ${why}` });
}

/** The owner of a bearer token; an unknown, revoked or expired token, or a disabled owner, is refused. */
export async function tokenUser(db: Db, token: string, now: Date): Promise<UserRow> {
  const found = token.startsWith(TOKEN_PREFIX) ? await findTokenWithUser(db, sha256(token)) : null;
  const refused = new Unauthenticated(
    'The API token is not valid (unknown, revoked or expired): create a new one in Account',
  );
  if (!found || found.user.disabled) throw refused;
  if (found.token.expiresAt && now.getTime() >= found.token.expiresAt.getTime()) throw refused;
  if (!found.token.lastUsedAt || now.getTime() - found.token.lastUsedAt.getTime() >= MARK_USED_EVERY_MS) {
    await markTokenUsed(db, found.token.id, now);
  }
  return found.user;
}
