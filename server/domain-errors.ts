// Errors the services throw when a rule says no. They name what went wrong in domain words; app.ts maps
// each kind to an HTTP status in one place, so no service knows about HTTP.
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'precondition-required'
  | 'too-large'
  | 'unsupported-media'
  | 'unprocessable'
  | 'too-many'
  | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** Sent as Retry-After: the seconds after which the same request may succeed (a throttle, a full queue). */
  readonly retryAfterSeconds?: number;
  /** The message the API sends as `detail`. */
  get detail(): string {
    return this.message;
  }
}

/** The request is malformed or breaks a validation rule. */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
}
/** Nobody is signed in, and the action needs someone. */
export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated';
}
/** The signed-in user's stored role does not allow the action. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}
/** The thing asked for does not exist (or is deleted). */
export class NotFound extends DomainError {
  readonly kind = 'not-found';
}
/** The action does not fit the current state (a status rule, a stale version, a duplicate). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}
/** A change of stored data that must name the version it was based on did not (optimistic concurrency). */
export class PreconditionRequired extends DomainError {
  readonly kind = 'precondition-required';
}
/** The request body is over a configured size limit. */
export class TooLarge extends DomainError {
  readonly kind = 'too-large';
}
/** The content is not of a kind the call accepts (e.g. an upload that is not a video). */
export class UnsupportedMedia extends DomainError {
  readonly kind = 'unsupported-media';
}
/** Well-formed input that does not fit the data it refers to (a frame past the end, an unknown track). */
export class Unprocessable extends DomainError {
  readonly kind = 'unprocessable';
}
/** The caller (or everyone) already holds as many of something as a configured limit allows. */
export class TooMany extends DomainError {
  readonly kind = 'too-many';
}
/** A part the action needs is not running on this server (e.g. the job queue). */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable';
}
