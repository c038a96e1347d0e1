// The 'Uploaded Files' list: name, size, status (success or error, with the server's reason), and per
// file a cancel button while it waits or is sent, then links to the new video and Process.
import { Link } from 'react-router-dom';
import type { UploadItem } from '../../../machines/upload-queue';
import type { Video } from '../../../domain/types';
import { Button, buttonClass } from '../../components/ui/Button';
import { formatFileSize } from './file-size';

const STATUS_STYLE: Record<UploadItem['status'], string> = {
  queued: 'bg-slate-100 text-slate-700',
  uploading: 'bg-indigo-100 text-indigo-800',
  success: 'bg-green-100 text-green-800',
  error: 'bg-red-100 text-red-800',
  cancelled: 'bg-amber-100 text-amber-800',
};

export interface RowActions {
  cancel(key: number): void;
  process(video: Video): void;
  /** Video ids whose processing was queued from this screen. */
  processed: ReadonlySet<number>;
}

export function UploadedFilesList({ items, actions }: { items: UploadItem[]; actions: RowActions }) {
  if (items.length === 0) return null;
  return (
    <section className="rounded-lg border border-slate-200 bg-white" data-testid="upload.files">
      <h3 className="border-b border-slate-200 px-4 py-2 text-base font-semibold">Uploaded Files</h3>
      <ul className="divide-y divide-slate-100">
        {items.map((it) => {
          const video = it.status === 'success' ? (it.result as Video) : null;
          const pct = it.size > 0 ? Math.round((it.sent / it.size) * 100) : 0;
          return (
            <li
              key={it.key}
              className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm"
              data-testid="upload.file"
              data-status={it.status}
            >
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium" data-testid="upload.file-name">
                  {it.name}
                </div>
                <div className="text-xs text-slate-500">
                  <span data-testid="upload.file-size">{formatFileSize(it.size)}</span>
                  {it.status === 'uploading' && (
                    <span>
                      {' '}
                      · {formatFileSize(it.sent)} sent ({pct}%)
                    </span>
                  )}
                  {video && video.filename !== it.name && <span> · saved as {video.filename}</span>}
                </div>
                {it.error && (
                  <div className="text-xs text-red-700" data-testid="upload.file-error">
                    {it.error}
                  </div>
                )}
              </div>
              <span
                className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[it.status]}`}
                data-testid="upload.file-status"
              >
                {it.status}
              </span>
              {(it.status === 'queued' || it.status === 'uploading') && (
                <Button variant="text" onClick={() => actions.cancel(it.key)} data-testid="upload.cancel">
                  Cancel
                </Button>
              )}
              {video && (
                <>
                  <Link className={buttonClass('text')} to={`/videos?focus=${video.id}`} data-testid="upload.open">
                    Show in library
                  </Link>
                  <Link
                    className={buttonClass('text')}
                    to={`/videos/${video.id}/annotate`}
                    data-testid="upload.annotate"
                  >
                    Annotate
                  </Link>
                  <Button
                    variant="secondary"
                    disabled={actions.processed.has(video.id)}
                    onClick={() => actions.process(video)}
                    data-testid="upload.process"
                  >
                    {actions.processed.has(video.id) ? 'Queued' : 'Process'}
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
