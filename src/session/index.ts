export { SessionProvider, useSession, type SessionApi } from './SessionProvider';
export type { SessionUser } from '../../machines/session';
