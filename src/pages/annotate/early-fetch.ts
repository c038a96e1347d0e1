// Tiny entry loaded by index.html before the app: on /videos/:id/annotate it requests the video, the
// annotation summary and the first detection window at once, starts the player's video element loading
// and the screen's code, so the server, the network and the decoder work while the browser is still
// evaluating and rendering the app.
import { startEarlyAnnotate } from '../../api/annotate';
import { startEarlyVideo } from '../../api/early-video';
import { videoPlaybackUrl } from '../../api/videos';
import { FIRST_WINDOW_FRAMES } from '../../annotate/loader/window-loader';

const m = /^\/videos\/(\d+)\/annotate\/?$/.exec(location.pathname);
if (m && Number(m[1]) > 0) {
  startEarlyAnnotate(Number(m[1]), FIRST_WINDOW_FRAMES);
  startEarlyVideo(videoPlaybackUrl(Number(m[1])));
  void import('./AnnotatePage');
}
