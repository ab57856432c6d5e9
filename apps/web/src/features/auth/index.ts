export { LoginForm } from './components/login-form';
export { CodeLoginForm } from './components/code-login-form';
export { UnverifiedGate } from './components/unverified-gate';
export { useUser, userQueryKey } from '../../common/user';
export { useSessionCheck } from './hooks/use-session-check';
export { endExpiredSession, signOut } from './session';
export type { SessionUser } from '../../common/user';
