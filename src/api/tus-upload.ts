// Resumable upload of one video over the tus protocol (/api/v1/uploads/tus). tus-js-client is loaded on
// first use, so the screens that never upload do not carry it. A retry after a dropped connection,
// or picking the same file again after a reload, continues from the bytes the server already has.
import type { Video } from '../../domain/types';
import { apiUrl, identityHeaders } from './request';
import type { UploadCallbacks } from './uploads';

/** Big enough that a fast connection is not slowed by round trips, small enough to resume usefully. */
const CHUNK_BYTES = 16 * 1024 * 1024;

function failureText(err: Error & { originalResponse?: { getStatus(): number; getBody(): string } | null }): string {
  const res = err.originalResponse;
  if (!res) return 'Network error';
  try {
    const body = JSON.parse(res.getBody());
    if (body && typeof body.detail === 'string' && body.detail) return body.detail;
  } catch {
    /* not JSON */
  }
  return `Upload failed (${res.getStatus()})`;
}

/** Starts the upload; the returned function cancels it and asks the server to drop what it received. */
export function uploadVideoResumable(file: File | Blob, name: string, cb: UploadCallbacks): () => void {
  let cancelled = false;
  let settled = false; // a finished upload is not the server's to drop any more
  let stop: (() => void) | null = null;
  void import('tus-js-client').then(
    ({ Upload }) => {
      if (cancelled) return;
      const upload = new Upload(file, {
        endpoint: apiUrl('/api/v1/uploads/tus'),
        headers: identityHeaders(),
        metadata: { filename: name, filetype: (file as File).type || 'application/octet-stream' },
        chunkSize: CHUNK_BYTES,
        retryDelays: [0, 1000, 3000, 5000],
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => {
          if (!cancelled) cb.onProgress(sent, total);
        },
        onSuccess: ({ lastResponse }) => {
          settled = true;
          if (cancelled) return;
          try {
            cb.onDone(JSON.parse(lastResponse.getBody()) as Video);
          } catch {
            cb.onError(`Upload failed (${lastResponse.getStatus()})`);
          }
        },
        onError: (err) => {
          settled = true;
          if (!cancelled) cb.onError(failureText(err));
        },
      });
      stop = () => {
        void upload.abort(true).catch(() => undefined);
      };
      void upload.findPreviousUploads().then((previous) => {
        if (cancelled) return;
        if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    },
    () => {
      if (!cancelled) cb.onError('Network error');
    },
  );
  return () => {
    if (!settled) {
      cancelled = true;
      stop?.();
    }
  };
}
