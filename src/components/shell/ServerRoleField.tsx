// The Role select when the server holds the role (password and proxy modes): read-only, with the reason.
// Before sign-in the role is not known yet, so it says who sets it instead of guessing one.
import type { Role } from '../../../domain/constants';
import { ROLE_LABELS } from '../../../machines/session-identity';
export const SERVER_ROLE_REASON = 'Your role is set by an administrator';

export function ServerRoleField({ role }: { role: Role | null }) {
  return (
    <div>
      <label htmlFor="signin-role" className="block text-sm font-medium text-slate-700">
        Role
      </label>
      <select
        id="signin-role"
        data-testid="signIn.role"
        value={role ?? ''}
        disabled
        aria-describedby="signin-role-reason"
        className="mt-1 w-full rounded border border-slate-300 bg-slate-100 px-2 py-1.5 text-sm"
      >
        {role === null && <option value="">Set by an administrator</option>}
        {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <p id="signin-role-reason" data-testid="signIn.roleReason" className="mt-1 text-xs text-slate-500">
        {SERVER_ROLE_REASON}
      </p>
    </div>
  );
}
