// Drizzle schema of sign-in: browser sessions, personal API tokens and one-time links.
// Re-exported by schema.ts, so it is part of the one schema.
import { pgTable, text, timestamp, serial, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Signed-in browser sessions, shared by every API process. The cookie's random id is stored only as its
 *  SHA-256 (`id_hash`); `handle` is a short non-secret name for the admin screens. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    handle: text('handle').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(), // the absolute limit; the idle limit is counted from last_seen_at
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('auth_sessions_handle_idx').on(t.handle), index('auth_sessions_user_idx').on(t.userId)],
);

/** Personal API tokens (`Authorization: Bearer vat_…`), stored as SHA-256; they act with the owner's current role. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** One-time links: `setup` (the first administrator) and `reset` (a password set by its user). Hashed, single use. */
export const authLinks = pgTable('auth_links', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').notNull(), // setup | reset
  userId: text('user_id'), // the account a reset link is for; null for setup
  createdById: text('created_by_id'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
