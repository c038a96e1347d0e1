// Upload screen: pick or drop video files; each is sent in its own request, one at a time, with a
// progress bar fed by the bytes actually sent. Files can be cancelled; finished ones link to the library.
import { useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback } from 'xstate';
import { queueBusy, uploadQueueMachine, type SendInput, type UploadQueueEvent } from '../../../machines/upload-queue';
import type { Video } from '../../../domain/types';
import { uploadVideoResumable } from '../../api/tus-upload';
import { uploadVideo } from '../../api/uploads';
import { startProcessing } from '../../api/videos';
import { Alert, useSnackbar } from '../../components/dialogs/Alert';
import { useSession } from '../../session';
import { DropZone } from './DropZone';
import { formatFileSize } from './file-size';
import { UploadedFilesList } from './UploadedFilesList';

/** The sender for the queue: one multipart request per file, or a resumable (tus) upload. */
const makeSender = (resumable: { current: boolean }) =>
  fromCallback<UploadQueueEvent, SendInput>(({ input, sendBack }) =>
    (resumable.current ? uploadVideoResumable : uploadVideo)(input.file, input.name, {
      onProgress: (sent) => sendBack({ type: 'upload.progress', key: input.key, sent }),
      onDone: (video) => sendBack({ type: 'upload.succeeded', key: input.key, result: video }),
      onError: (error) => sendBack({ type: 'upload.failed', key: input.key, error }),
    }),
  );

export function UploadPage() {
  const resumableRef = useRef(false);
  const [resumable, setResumable] = useState(false);
  const queue = useActorRef(
    useMemo(() => uploadQueueMachine.provide({ actors: { sendFile: makeSender(resumableRef) } }), []),
  );
  const items = useSelector(queue, (s) => s.context.items);
  const { requireSignIn } = useSession();
  const snackbar = useSnackbar();
  const [processed, setProcessed] = useState<ReadonlySet<number>>(new Set());

  const busy = queueBusy(items);
  // The bar covers every file still in play: sent bytes over the bytes of the files not dropped.
  const counted = items.filter((it) => it.status !== 'cancelled' && it.status !== 'error');
  const total = counted.reduce((n, it) => n + it.size, 0);
  const sent = counted.reduce((n, it) => n + it.sent, 0);
  const pct = total > 0 ? Math.round((sent / total) * 100) : 0;
  const done = !busy && items.some((it) => it.status === 'success') && !items.some((it) => it.status === 'error');

  const add = (files: File[]) => {
    if (!requireSignIn()) return;
    queue.send({ type: 'upload.add', files: files.map((file) => ({ file, name: file.name })) });
  };
  const process = (video: Video) => {
    startProcessing(video.id).then(
      () => {
        setProcessed((s) => new Set(s).add(video.id));
        snackbar.show('success', `Processing queued for ${video.filename}`);
      },
      (e: Error) => snackbar.show('error', e.message || 'Failed to start processing'),
    );
  };

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-4 p-6">
      <h2 className="text-xl font-semibold">Upload Videos</h2>
      <DropZone onFiles={add} />
      <label
        className="flex items-center gap-2 text-sm text-slate-700"
        title="Sends in parts; an interrupted upload continues where it stopped"
      >
        <input
          type="checkbox"
          checked={resumable}
          data-testid="upload.resumable"
          onChange={(e) => {
            resumableRef.current = e.target.checked;
            setResumable(e.target.checked);
          }}
        />
        Resumable upload (continues after a dropped connection)
      </label>
      {busy && (
        <div data-testid="upload.progress" className="flex flex-col gap-1">
          <div className="flex justify-between text-sm text-slate-600">
            <span>
              Uploading… {formatFileSize(sent)} of {formatFileSize(total)}
            </span>
            <span>{pct}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="h-2 overflow-hidden rounded bg-slate-200"
          >
            <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${pct}%` }} />
          </div>
        </div>
      )}
      {done && (
        <Alert severity="success" testId="upload.success">
          Upload completed successfully!
        </Alert>
      )}
      <UploadedFilesList
        items={items}
        actions={{ cancel: (key) => queue.send({ type: 'upload.cancel', key }), process, processed }}
      />
      {!busy && items.length > 0 && (
        <div>
          <button
            type="button"
            className="text-sm text-slate-600 underline"
            onClick={() => queue.send({ type: 'upload.clear' })}
            data-testid="upload.clear"
          >
            Clear list
          </button>
        </div>
      )}
    </section>
  );
}
