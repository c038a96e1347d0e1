// Runs the status polling machine against GET /videos/{id}/status and feeds fresh statuses into the rows.
import { useEffect, useMemo, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getVideoStatus } from '../../api/videos';
import type { Video } from '../../../domain/types';
import { statusPollingMachine, type PolledStatus } from '../../../machines/status-polling';

/** At most this many rows are polled per tick; more would flood the server for a large batch. */
const MAX_POLLED = 100;

export function useStatusPolling(videos: Video[], patchVideo: (id: number, patch: Partial<Video>) => void) {
  const patchRef = useRef(patchVideo);
  patchRef.current = patchVideo;
  const machine = useMemo(
    () =>
      statusPollingMachine.provide({
        actors: {
          fetchStatuses: fromPromise(async ({ input }: { input: { ids: number[] } }) => {
            const results = await Promise.all(
              input.ids.slice(0, MAX_POLLED).map(async (id): Promise<PolledStatus | null> => {
                try {
                  const s = await getVideoStatus(id);
                  return {
                    id,
                    status: s.status,
                    last_updated: s.last_updated,
                    previous_status: s.previous_status,
                    progress: s.progress ?? null,
                    stage: s.stage ?? null,
                    eta_s: s.eta_s ?? null,
                  };
                } catch {
                  return null;
                }
              }),
            );
            return results.filter((r): r is PolledStatus => r !== null);
          }),
        },
        actions: {
          reportStatuses: (_, p: { statuses: PolledStatus[] }) => {
            for (const s of p.statuses) {
              patchRef.current(s.id, {
                processing_status: s.status,
                status_updated_at: s.last_updated,
                previous_status: s.previous_status ?? null,
                progress: s.progress ?? null,
                stage: s.stage ?? null,
                eta_s: s.eta_s ?? null,
              });
            }
          },
        },
      }),
    [],
  );
  const actor = useActorRef(machine);

  // Every processing row in the loaded list is watched; pending ones only when started here.
  const processingKey = videos
    .filter((v) => v.processing_status === 'processing')
    .map((v) => v.id)
    .join(',');
  useEffect(() => {
    const ids = processingKey ? processingKey.split(',').map(Number) : [];
    if (ids.length) actor.send({ type: 'polling.watch', ids, startedHere: false });
  }, [processingKey, actor]);

  return useMemo(
    () => ({
      watchStarted: (id: number) => actor.send({ type: 'polling.watch', ids: [id], startedHere: true }),
      unwatch: (id: number) => actor.send({ type: 'polling.unwatch', ids: [id] }),
      /** After a cancel: follow the row until it leaves processing (a restored 'pending' ends the watch too). */
      watchCancelled: (id: number) => {
        actor.send({ type: 'polling.unwatch', ids: [id] });
        actor.send({ type: 'polling.watch', ids: [id], startedHere: false });
      },
    }),
    [actor],
  );
}
