// 'Sessions' (super, password and proxy modes): where an account is signed in, with End for one
// session and 'End all'. An ended session must sign in again at its next request.
import { useCallback, useEffect, useState } from 'react';
import { endUserSession, endUserSessions, listUserSessions, type UserSession } from '../../api/users';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { whenText } from '../../components/shell/token-dates';

export function SessionsDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const [sessions, setSessions] = useState<UserSession[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setSessions(await listUserSessions(userId));
    } catch (e) {
      setProblem((e as Error).message);
      setSessions([]);
    }
  }, [userId]);
  useEffect(() => {
    void load();
  }, [load]);
  const end = async (sessionId: string | null) => {
    setBusy(true);
    try {
      await (sessionId ? endUserSession(userId, sessionId) : endUserSessions(userId));
      setProblem(null);
      await load();
    } catch (e) {
      setProblem((e as Error).message);
    }
    setBusy(false);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Sessions of ${userId}`}
      testId="users.sessionsDialog"
      width="max-w-3xl"
      actions={
        <>
          <Button
            variant="danger"
            data-testid="users.sessionsEndAll"
            disabled={busy || !sessions?.length}
            onClick={() => void end(null)}
          >
            End all
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {sessions === null ? (
        <p className="text-sm text-slate-500">Loading sessions...</p>
      ) : !sessions.length ? (
        <p data-testid="users.sessionsEmpty" className="text-sm text-slate-500">
          {userId} is not signed in anywhere.
        </p>
      ) : (
        <table data-testid="users.sessionsTable" className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600">
              <th className="py-1">Signed in</th>
              <th>Last seen</th>
              <th>Expires</th>
              <th>Address</th>
              <th>Browser</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} data-testid={`users.session.${s.id}`} className="border-t border-slate-100">
                <td className="py-1">{whenText(s.created_at, '-')}</td>
                <td>{whenText(s.last_seen_at, '-')}</td>
                <td>{whenText(s.expires_at, '-')}</td>
                <td className="font-mono">{s.ip ?? '-'}</td>
                <td className="max-w-48 truncate" title={s.user_agent ?? ''}>
                  {s.user_agent ?? '-'}
                </td>
                <td className="text-right">
                  <Button variant="text" data-testid="users.sessionEnd" disabled={busy} onClick={() => void end(s.id)}>
                    End
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </Modal>
  );
}
