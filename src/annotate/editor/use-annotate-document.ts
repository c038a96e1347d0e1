// Opens the Annotate screen's video in the editor (summary, detection windows, render settings) and
// loads the video's details for the header. Returns the video and a load error.
import { useEffect, useState } from 'react';
import type { Video } from '../../../domain/types';
import { fetchVideo } from '../../api/annotate';
import type { AnnotationEditor } from './annotation-editor';

export interface AnnotateData {
  video: Video | null;
  error: string | null;
  setVideo: (v: Video) => void;
}

export function useAnnotateDocument(editor: AnnotationEditor, videoId: number): AnnotateData {
  const [video, setVideo] = useState<Video | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setVideo(null);
    setError(null);
    // The video's details first: a small query the server answers before the detection windows.
    fetchVideo(videoId, abort.signal).then(setVideo, (e: Error) => {
      if (!abort.signal.aborted) setError(e.message || 'Failed to load');
    });
    const close = editor.open(videoId, (text) => {
      if (!abort.signal.aborted) setError(text);
    });
    return () => {
      abort.abort();
      close();
    };
  }, [editor, videoId]);

  return { video, error, setVideo };
}
