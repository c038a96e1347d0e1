// Offers per status for the library (row menu, preview) and the annotate screen's actions menu. They
// read the same table of rules the server enforces (domain/status-rules), so nothing offered is refused.
import { canSetStatus, type StatusFacts } from '../../../domain/status-rules';

export { canAnnotate, canReprocess, canStartProcessing, unmarkTarget } from '../../../domain/status-rules';

export const canMarkReviewed = (v: StatusFacts) => canSetStatus(v, 'reviewed');

/** Mark Labelled also needs a signed-in user. */
export const canMarkLabelled = (v: StatusFacts, signedIn: boolean) => signedIn && canSetStatus(v, 'labelled');
