// The settings dialog's Review section: 'Lock reviewed and labelled videos for annotators' (off by default,
// so the spec's rules hold). It is its own setting (/settings/review), saved the moment an administrator
// changes it; others see it read-only.
import { useEffect, useState } from 'react';
import { fetchReviewSettings, saveReviewSettings } from '../../api/review-issues';
import { Check, Section } from './settings-fields';

export function ReviewLockSection({ canSave }: { canSave: boolean }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchReviewSettings().then(
      (s) => live && setOn(s.lock_reviewed_for_annotators),
      (e: Error) => live && setNote(e.message),
    );
    return () => {
      live = false;
    };
  }, []);
  const change = async (v: boolean) => {
    setOn(v);
    try {
      setOn((await saveReviewSettings({ lock_reviewed_for_annotators: v })).lock_reviewed_for_annotators);
      setNote('Saved');
    } catch (e) {
      setOn(!v);
      setNote((e as Error).message || 'Failed to save');
    }
  };
  return (
    <Section title="Review">
      <Check
        id="lockReviewed"
        label="Lock reviewed and labelled videos for annotators"
        checked={on ?? false}
        disabled={!canSave || on === null}
        onChange={(v) => void change(v)}
      />
      <p className="text-xs text-slate-500">
        Annotators cannot change a reviewed or labelled video; administrators still can, and setting its status back
        opens it again. Applies at once.
        {note && <span data-testid="settings.lockReviewedNote"> {note}.</span>}
      </p>
    </Section>
  );
}
