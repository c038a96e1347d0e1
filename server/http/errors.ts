// Errors the API answers with: always JSON {"detail": "..."} and a fitting status code.
export class HttpError extends Error {
  constructor(public statusCode: number, public detail: string) { super(detail); }
}
export const badRequest = (d: string) => new HttpError(400, d);
export const unauthorized = (d = 'Sign in required: send X-User-Id') => new HttpError(401, d);
export const forbidden = (d = 'Your role does not allow this') => new HttpError(403, d);
export const notFound = (d = 'Not found') => new HttpError(404, d);
export const conflict = (d: string) => new HttpError(409, d);
export const unprocessable = (d: string) => new HttpError(422, d);
