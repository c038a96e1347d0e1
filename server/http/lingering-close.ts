// Closing a connection after an early answer (a 413 to a body still being sent) without losing the
// answer. Node closes such a socket as soon as the answer is written; the bytes the client is still
// sending then arrive at a closed socket, the kernel answers them with a reset, and a reset can
// discard the answer before the client has read it. So the connection lingers: the answer and a FIN
// go out, what the client still sends is read and thrown away, and the socket is closed when the
// client ends its side or after a short grace period — whichever comes first.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused client may keep sending before the connection is cut regardless. */
export const LINGER_MS = 2_000;

/** Makes Node's close-after-answer of this request's socket linger (see above). Call before the answer
 * is sent. */
export function lingerOnClose(req: IncomingMessage, ms = LINGER_MS): void {
  const socket = req.socket as (Socket & { destroySoon?: () => void }) | null;
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy()); // the client has sent everything: nothing left to reset
    // A body reader that gave up (a parser cut off at the limit) leaves the request paused, and a paused
    // request stops the socket being read: flowing with no reader, the rest of the body is dropped.
    req.resume();
    socket.resume();
    socket.end(); // the answer, then FIN
  };
}
