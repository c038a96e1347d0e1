// Remark dialog for KIV / Disqualify: optional remark, at most 150 characters and 20 words,
// with the counter 'n / 150 chars • n / 20 words'. Confirm is disabled above 20 words.
import { useEffect, useState } from 'react';
import { REMARK_MAX_CHARS, REMARK_MAX_WORDS } from '../../../domain/constants';
import { countWords, remarkCounter } from '../../../domain/validation';
import { Button } from '../ui/Button';
import { Modal } from './Modal';

export type RemarkKind = 'kiv' | 'disqualified';
export const REMARK_TITLES: Record<RemarkKind, string> = { kiv: 'Mark as KIV', disqualified: 'Disqualify Video' };

export function RemarkDialog({
  open,
  kind,
  onClose,
  onConfirm,
  busy = false,
}: {
  open: boolean;
  kind: RemarkKind;
  onClose: () => void;
  onConfirm: (remark: string) => void;
  busy?: boolean;
}) {
  const [remark, setRemark] = useState('');
  useEffect(() => {
    if (open) setRemark('');
  }, [open]);
  const tooManyWords = countWords(remark) > REMARK_MAX_WORDS;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={REMARK_TITLES[kind]}
      testId="dialog.remark"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            data-testid="remark.confirm"
            disabled={tooManyWords || busy}
            onClick={() => onConfirm(remark.trim())}
          >
            Confirm
          </Button>
        </>
      }
    >
      <label className="block text-sm font-medium text-slate-700" htmlFor="remark-text">
        Remark (optional)
      </label>
      <textarea
        id="remark-text"
        data-testid="remark.text"
        className="mt-1 w-full rounded border border-slate-300 p-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        rows={3}
        maxLength={REMARK_MAX_CHARS}
        value={remark}
        onChange={(e) => setRemark(e.target.value.slice(0, REMARK_MAX_CHARS))}
      />
      <p data-testid="remark.counter" className={`mt-1 text-xs ${tooManyWords ? 'text-red-600' : 'text-slate-500'}`}>
        {remarkCounter(remark)}
      </p>
    </Modal>
  );
}
