// A user's audit trail: when, who, and the name and role before → after of each change.
import { useEffect, useState } from 'react';
import { userHistory, type UserAuditEntry } from '../../api/users';

const show = (v: string | null) => v ?? '—';

/** The sign-in events, in words (their detail follows: an address, a token's name, why a guess was slowed). */
const SIGN_IN_EVENTS: Record<string, string> = {
  'sign-in': 'signed in',
  'sign-in-failed': 'failed sign-in',
  'sign-in-throttled': 'password guessing slowed',
  'password-change': 'password changed',
  'password-set': 'password set',
  'reset-link': 'reset link made',
  'token-create': 'API token created',
  'token-revoke': 'API token ended',
  'session-end': 'session ended',
  disable: 'account disabled',
  enable: 'account enabled',
};

function describe(e: UserAuditEntry): string {
  if (e.action === 'create') return `created as ${show(e.new_role)}${e.new_name ? `, name ${e.new_name}` : ''}`;
  if (e.action === 'delete') return `deleted (was ${show(e.old_role)})`;
  const event = SIGN_IN_EVENTS[e.action];
  if (event) return e.detail ? `${event}: ${e.detail}` : event;
  const parts: string[] = [];
  if (e.old_role !== e.new_role) parts.push(`role ${show(e.old_role)} → ${show(e.new_role)}`);
  if (e.old_name !== e.new_name) parts.push(`name ${show(e.old_name)} → ${show(e.new_name)}`);
  return parts.join(', ');
}

export function UserHistory({ id }: { id: string }) {
  const [entries, setEntries] = useState<UserAuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    userHistory(id).then(
      (h) => {
        if (live) setEntries(h);
      },
      (e: Error) => {
        if (live) setError(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (error) return <p className="text-red-700">{error}</p>;
  if (!entries) return <p className="text-slate-500">Loading history...</p>;
  if (!entries.length)
    return (
      <p data-testid="users.history" className="text-slate-500">
        No recorded changes
      </p>
    );
  return (
    <ul data-testid="users.history" className="space-y-1 text-xs text-slate-700">
      {entries.map((e) => (
        <li key={e.id} data-testid="users.historyEntry">
          <span className="text-slate-500">{new Date(e.changed_at).toLocaleString()}</span> — {describe(e)}{' '}
          <span className="text-slate-500">by {e.changed_by_id}</span>
        </li>
      ))}
    </ul>
  );
}
