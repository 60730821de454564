export { SessionProvider } from './SessionProvider';
export { isAdmin, useSession, type AuthOutcome, type Session } from './sessionContext';
export {
  initialSessionState,
  sessionReducer,
  type SessionEvent,
  type SessionState,
} from './sessionState';
