// Tells the server once per visit that a signed-in user opened this video in the Annotate screen (the
// review queue shows it in progress and measures review time from it). Guests are not reviewing, and a
// failure only loses that signal, so it is not shown.
import { useEffect } from 'react';
import { recordReviewOpen } from '../../api/review';

export function useRecordReviewOpen(videoId: number, ready: boolean, signedIn: boolean): void {
  useEffect(() => {
    if (ready && signedIn) recordReviewOpen(videoId).catch(() => {});
  }, [videoId, ready, signedIn]);
}
