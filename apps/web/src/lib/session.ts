import type { Principal, UserType } from '@academy/contracts/roles';
import { authApi, type TokenReply } from '@academy/contracts/auth';
import { call } from './call.ts';
import { configureHttp } from './http.ts';
import { resetPasswordPrompt } from './password-prompt.ts';
import { singleFlight } from './single-flight.ts';
import { createStore, useStore } from './store.ts';

/** SPEC §3: the access token is also kept in browser storage under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';

export type SessionState = {
  /** `starting` until the start-up refresh has answered; the app shows a spinner meanwhile. */
  status: 'starting' | 'ready';
  accessToken: string | null;
  userType: UserType | null;
  isAdminLevel: boolean;
};

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(ACCESS_TOKEN_KEY, token);
    else localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage can be unavailable (private mode); the in-memory session still works for this tab.
  }
}

export const session = createStore<SessionState>({
  status: 'starting',
  accessToken: readStoredToken(),
  userType: null,
  isAdminLevel: false,
});

export function principalOf(s: SessionState): Principal | null {
  return s.accessToken && s.userType ? { userType: s.userType, isAdminLevel: s.isAdminLevel } : null;
}

export function useSession(): SessionState & { principal: Principal | null } {
  const s = useStore(session);
  return { ...s, principal: principalOf(s) };
}

function applyTokenReply(reply: TokenReply): Principal {
  writeStoredToken(reply.accessToken);
  const isAdminLevel = reply.userType === 'ADMIN' || Boolean(reply.taInfo?.isAdminLevel);
  session.set((s) => ({ ...s, status: 'ready', accessToken: reply.accessToken, userType: reply.userType, isAdminLevel }));
  return { userType: reply.userType, isAdminLevel };
}

export function clearSession(): void {
  writeStoredToken(null);
  session.set((s) => ({ ...s, status: 'ready', accessToken: null, userType: null, isAdminLevel: false }));
}

/** Rotates the refresh cookie once for all concurrent callers; true when a new access token arrived. */
export const refreshSession = singleFlight(() => withTabLock(async (): Promise<boolean> => {
  try {
    // Sign-in, refresh and sign-out never retry on 401 (http.ts): there is nothing to refresh with.
    const reply = await call(authApi.refresh, undefined, { overlay: false });
    applyTokenReply(reply);
    return true;
  } catch {
    return false;
  }
}));

/**
 * Two tabs refreshing at the same instant would both send the same refresh cookie, and the server treats
 * the second use as theft (the whole family is revoked). A Web Lock makes the tabs take turns, so the
 * second one sends the cookie the first one just received.
 */
function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request('academy:token-refresh', task);
}

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** The router registers itself so an expired session leaves through client-side navigation. */
export function setSessionNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

let expiredListeners: Array<() => void> = [];

/** Lets the query cache drop the previous user's data when the session ends. */
export function onSessionEnd(fn: () => void): () => void {
  expiredListeners.push(fn);
  return () => {
    expiredListeners = expiredListeners.filter((l) => l !== fn);
  };
}

function endSession(): void {
  clearSession();
  for (const l of expiredListeners) l();
}

configureHttp({
  auth: {
    // SPEC §7: the stored token (every tab shares it) goes on every call.
    getToken: () => readStoredToken() ?? session.get().accessToken,
    refresh: refreshSession,
    onExpired: () => {
      endSession();
      navigate('/');
    },
  },
});

/** SPEC §2/§4: try a refresh on start; a failure simply means signed out. */
export async function startSession(): Promise<void> {
  const ok = await refreshSession();
  if (!ok) clearSession();
}

export async function login(args: { loginId: string; password: string }): Promise<Principal> {
  const reply = await call(authApi.login, { body: args });
  // A new sign-in asks again about an initial password (see lib/password-prompt.ts).
  resetPasswordPrompt();
  return applyTokenReply(reply);
}

/** SPEC §8: logout failures are ignored; the local session ends regardless. */
export async function logout(): Promise<void> {
  try {
    await call(authApi.logout);
  } catch {
    // ignored by design
  }
  endSession();
}
