// POST /api/v1/videos/upload with real progress: XMLHttpRequest reports the bytes of the body sent,
// which fetch cannot. One request per file (multipart field `file`).
import type { Video } from '../../domain/types';
import { apiUrl, identityHeaders } from './request';

export interface UploadCallbacks {
  onProgress(sent: number, total: number): void;
  onDone(video: Video): void;
  onError(message: string): void;
}

/** The server's `detail`, else the spec's fallback 'Upload failed ({status})'. */
function failureText(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText);
    if (body && typeof body.detail === 'string' && body.detail) return body.detail;
  } catch {
    /* not JSON */
  }
  return `Upload failed (${xhr.status})`;
}

/** Starts the upload; the returned function aborts it (no callback fires after an abort). */
export function uploadVideo(file: Blob, name: string, cb: UploadCallbacks): () => void {
  const xhr = new XMLHttpRequest();
  let settled = false;
  const settle = (fn: () => void) => {
    if (!settled) {
      settled = true;
      fn();
    }
  };
  xhr.open('POST', apiUrl('/api/v1/videos/upload'));
  for (const [k, v] of Object.entries(identityHeaders())) xhr.setRequestHeader(k, v);
  xhr.upload.onprogress = (e) => {
    if (!settled) cb.onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
  };
  xhr.onload = () =>
    settle(() => {
      if (xhr.status >= 200 && xhr.status < 300) {
        let video: Video;
        try {
          video = JSON.parse(xhr.responseText) as Video;
        } catch {
          cb.onError(`Upload failed (${xhr.status})`);
          return;
        }
        cb.onDone(video);
      } else cb.onError(failureText(xhr));
    });
  xhr.onerror = () => settle(() => cb.onError('Network error'));
  const form = new FormData();
  form.append('file', file, name);
  xhr.send(form);
  return () => {
    settled = true;
    xhr.abort();
  };
}
