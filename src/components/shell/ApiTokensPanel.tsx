// 'API tokens' in the Account dialog: personal tokens for scripts (Authorization: Bearer vat_...). A new
// token is shown once, with a Copy button, because the server keeps only its hash; the list says when each
// was created, when it expires and when it was last used; revoking asks first.
import { useCallback, useEffect, useState } from 'react';
import { createToken, listTokens, revokeToken, type ApiToken, type NewApiToken } from '../../api/me';
import { Button } from '../ui/Button';
import { passwordField } from './ChangePasswordForm';
import { parseExpiryDays, whenText } from './token-dates';

const label = 'block text-sm font-medium text-slate-700';

export function ApiTokensPanel() {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<NewApiToken | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setTokens(await listTokens());
    } catch (e) {
      setProblem((e as Error).message);
      setTokens([]);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    const expiry = parseExpiryDays(days);
    const local = !name.trim() ? 'Give the token a name, so you know later what uses it.' : expiry.problem;
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      setCreated(await createToken(name.trim(), expiry.days));
      setCopied(false);
      setName('');
      setDays('');
      await load();
    } catch (e) {
      setProblem((e as Error).message);
    }
    setBusy(false);
  };
  const revoke = async (id: number) => {
    setBusy(true);
    try {
      await revokeToken(id);
      setConfirming(null);
      await load();
    } catch (e) {
      setProblem((e as Error).message);
    }
    setBusy(false);
  };
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setProblem('Copying was refused by the browser: select the token and copy it by hand.');
    }
  };

  return (
    <div data-testid="account.tokens" className="space-y-3">
      <p className="text-sm text-slate-600">
        Scripts send a token as <code>Authorization: Bearer vat_...</code> and act with your current role.
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <div className="min-w-40 flex-1">
          <label htmlFor="token-name" className={label}>
            Token name
          </label>
          <input
            id="token-name"
            data-testid="tokens.name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            className={passwordField}
          />
        </div>
        <div className="w-36">
          <label htmlFor="token-days" className={label}>
            Expires in days
          </label>
          <input
            id="token-days"
            data-testid="tokens.days"
            inputMode="numeric"
            placeholder="Never"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className={passwordField}
          />
        </div>
        <Button type="submit" variant="primary" data-testid="tokens.create" disabled={busy}>
          Create token
        </Button>
      </form>
      {problem && (
        <p role="alert" data-testid="tokens.error" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {created && (
        <div data-testid="tokens.created" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">Copy this token now. It will not be shown again.</p>
          <div className="flex gap-2">
            <input
              readOnly
              aria-label={`Token ${created.name}`}
              data-testid="tokens.value"
              value={created.token}
              onFocus={(e) => e.target.select()}
              className={`${passwordField} font-mono`}
            />
            <Button data-testid="tokens.copy" onClick={() => void copy(created.token)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <Button variant="text" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      )}
      {tokens === null ? (
        <p className="text-sm text-slate-500">Loading your tokens...</p>
      ) : !tokens.length ? (
        <p data-testid="tokens.empty" className="text-sm text-slate-500">
          You have no API tokens.
        </p>
      ) : (
        <table data-testid="tokens.table" className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600">
              <th className="py-1">Name</th>
              <th>Created</th>
              <th>Expires</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} data-testid={`tokens.row.${t.id}`} className="border-t border-slate-100">
                <td className="py-1">{t.name}</td>
                <td>{whenText(t.created_at, '-')}</td>
                <td>{whenText(t.expires_at, 'Never')}</td>
                <td>{whenText(t.last_used_at, 'Never used')}</td>
                <td className="text-right">
                  {confirming === t.id ? (
                    <span className="flex justify-end gap-1">
                      <Button
                        variant="danger"
                        data-testid="tokens.confirmRevoke"
                        disabled={busy}
                        onClick={() => void revoke(t.id)}
                      >
                        Revoke
                      </Button>
                      <Button onClick={() => setConfirming(null)}>Keep</Button>
                    </span>
                  ) : (
                    <Button variant="text" data-testid="tokens.revoke" onClick={() => setConfirming(t.id)}>
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirming !== null && (
        <p className="text-sm text-slate-700">Scripts that use this token will stop working at once.</p>
      )}
    </div>
  );
}
