// The one activity poll of the app: a single activityPolling actor shared by every component that shows
// long jobs (the top bar's indicator, the annotate screen's cancel button). It starts with the first
// component that uses it, follows the tab's visibility and the session, and stops with the last one.
import { useEffect, useSyncExternalStore } from 'react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { getActivity } from '../../api/jobs';
import { activityPollingMachine } from '../../../machines/activity-polling';
import type { ActivitySnapshot } from '../../../domain/job-progress';

type ActivityActor = Actor<typeof activityPollingMachine>;

let actor: ActivityActor | null = null;
let users = 0;
let signedInUsers = 0;

const onVisibility = () =>
  actor?.send({ type: document.visibilityState === 'hidden' ? 'activity.hidden' : 'activity.visible' });

function acquire(): ActivityActor {
  if (!actor) {
    actor = createActor(
      activityPollingMachine.provide({ actors: { fetchActivity: fromPromise(() => getActivity()) } }),
    );
    actor.start();
    if (document.visibilityState === 'hidden') actor.send({ type: 'activity.hidden' });
    document.addEventListener('visibilitychange', onVisibility);
  }
  users++;
  return actor;
}

function release(): void {
  users--;
  if (users > 0 || !actor) return;
  document.removeEventListener('visibilitychange', onVisibility);
  actor.stop();
  actor = null;
}

const subscribe = (onChange: () => void) => {
  const a = acquire();
  const sub = a.subscribe(onChange);
  return () => {
    sub.unsubscribe();
    release();
  };
};
const snapshotOf = (): ActivitySnapshot | null => actor?.getSnapshot().context.snapshot ?? null;

/** Polls again now (after a cancel, or when a job was just started). */
export const refreshActivity = () => actor?.send({ type: 'activity.refresh' });

/**
 * The latest activity list (null until the first answer, and for guests). `userId` is the signed-in
 * user's id, or null: a change of user polls again at once.
 */
export function useActivity(userId: string | null): ActivitySnapshot | null {
  const snapshot = useSyncExternalStore(subscribe, snapshotOf, () => null);
  useEffect(() => {
    if (!userId) return;
    const a = acquire();
    signedInUsers++;
    a.send({ type: 'activity.start' });
    a.send({ type: 'activity.refresh' });
    return () => {
      signedInUsers--;
      if (signedInUsers === 0) a.send({ type: 'activity.stop' });
      release();
    };
  }, [userId]);
  return userId ? snapshot : null;
}
