export { SessionProvider, useSession } from './SessionProvider';
