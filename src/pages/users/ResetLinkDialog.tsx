// 'Reset link' (super, password mode): makes a one-time link on which the user chooses a new password.
// The link is made only when asked, and shown to copy and hand over.
import { useState } from 'react';
import { createResetLink } from '../../api/users';
import { Modal } from '../../components/dialogs/Modal';
import { Button } from '../../components/ui/Button';
import { whenText } from '../../components/shell/token-dates';
import { fieldClass } from './roles';

export function ResetLinkDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      setLink(await createResetLink(userId));
      setProblem(null);
    } catch (e) {
      setProblem((e as Error).message);
    }
    setBusy(false);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!.url);
      setCopied(true);
    } catch {
      setProblem('Copying was refused by the browser: select the link and copy it by hand.');
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Reset link for ${userId}`}
      testId="users.resetLinkDialog"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          The link lets {userId} choose a new password once. Anyone with the link can do so, so hand it over privately.
        </p>
        {link ? (
          <>
            <div className="flex gap-2">
              <input
                readOnly
                aria-label="Reset link"
                data-testid="users.resetLinkUrl"
                value={link.url}
                onFocus={(e) => e.target.select()}
                className={`${fieldClass} flex-1 font-mono`}
              />
              <Button data-testid="users.resetLinkCopy" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <p data-testid="users.resetLinkExpires">It works until {whenText(link.expires_at, 'it is used')}.</p>
          </>
        ) : (
          <Button variant="primary" data-testid="users.resetLinkMake" disabled={busy} onClick={() => void make()}>
            Make link
          </Button>
        )}
        {problem && (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
