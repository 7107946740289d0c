import { useSyncExternalStore } from 'react';
import { MEMBER_KEY, VISITOR_KEY, memberOf, startingSession } from './session-start';

/**
 * A signed-in member. In the browser the session lives in an HttpOnly cookie that every tab shares
 * (the script never sees the token); what the script keeps is who it is, until when, and the CSRF value
 * every write repeats. `accessToken` is only for callers that use bearer tokens (tests, other clients).
 */
export interface MemberSession {
  upmId: string;
  expiresAt: number;
  csrfToken?: string;
  accessToken?: string;
}

/** A guest's proof of identity for one order: the order's e-mail or phone (country code + number, digits). */
export type Visitor = { email: string } | { phoneNumber: string };

export interface Session {
  member: MemberSession | null;
  visitor: Visitor | null;
  /** True until the server said whether this browser has a session (a new tab asks once). */
  restoring: boolean;
  /** The member's session ended by itself (expired or refused): pages say so. */
  ended: boolean;
}

/** Other tabs hear of sign-in and sign-out at once. */
const CHANNEL = 'orders-session';

const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

let fromPage = false;

/** Whether this tab started signed in from the page's own session (`inlinedMember`): nothing to ask at start. */
export const startedFromPage = (): boolean => fromPage;

function load(): Session {
  const { member, visitor, fromPage: inlined } = startingSession(Date.now(), { takeBlock: true });
  fromPage = inlined;
  return { member, visitor, restoring: false, ended: false };
}

let current: Session = load();

function scheduleExpiry() {
  clearTimeout(expiryTimer);
  const member = current.member;
  if (member)
    expiryTimer = setTimeout(
      () => {
        endSession();
      },
      Math.max(0, member.expiresAt - Date.now()),
    );
}
scheduleExpiry();

let channel: BroadcastChannel | null = null;
function broadcast(message: 'signed-in' | 'signed-out') {
  try {
    channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.postMessage(message);
  } catch {
    // No channel: other tabs learn at their next request.
  }
}

function update(next: Session) {
  current = next;
  if (next.member) sessionStorage.setItem(MEMBER_KEY, JSON.stringify(next.member));
  else sessionStorage.removeItem(MEMBER_KEY);
  if (next.visitor) sessionStorage.setItem(VISITOR_KEY, JSON.stringify(next.visitor));
  else sessionStorage.removeItem(VISITOR_KEY);
  scheduleExpiry();
  listeners.forEach((listener) => {
    listener();
  });
}

export const getSession = (): Session => current;

export interface SignedIn {
  upmId: string;
  expiresIn: number;
  csrfToken?: string;
  accessToken?: string;
}

export function signIn(session: SignedIn, now = Date.now(), quiet = false) {
  const member = memberOf(session, now);
  update({ ...current, member, restoring: false, ended: false });
  if (!quiet) broadcast('signed-in');
}

/** The shopper signed out here: every tab forgets the member. */
export function signOut() {
  if (current.member) update({ ...current, member: null, ended: false });
  broadcast('signed-out');
}

/** The session ended by itself (expired, or the server refused it): pages tell the shopper. */
export function endSession() {
  if (current.member) update({ ...current, member: null, ended: true });
}

export function setRestoring(restoring: boolean) {
  if (current.restoring !== restoring) update({ ...current, restoring });
}

export function rememberVisitor(visitor: Visitor) {
  update({ ...current, visitor });
}

/** The guest ends their lookup: the order number and e-mail or phone are forgotten in this tab. */
export function forgetVisitor() {
  if (current.visitor) update({ ...current, visitor: null });
}

/** Re-reads sessionStorage; tests use it after clearing storage. */
export function reloadSession() {
  current = load();
  scheduleExpiry();
  listeners.forEach((listener) => {
    listener();
  });
}

/** Runs `onChange` when another tab signs in or out. */
export function listenToOtherTabs(onChange: (message: 'signed-in' | 'signed-out') => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const listener = new BroadcastChannel(CHANNEL);
  listener.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data === 'signed-in' || event.data === 'signed-out') onChange(event.data);
  };
  return () => {
    listener.close();
  };
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useSession = (): Session => useSyncExternalStore(subscribeSession, getSession, getSession);

/** The guest `filter` query value for a visitor, as docs/API.md spells it. */
export const guestFilter = (visitor: Visitor): string =>
  'email' in visitor ? `email(${visitor.email})` : `phoneNumber(${visitor.phoneNumber})`;

/** Who is asking, as a cache key part: cached data never crosses identities. */
export function identityKey(session: Session): string {
  if (session.member) return `member:${session.member.upmId}`;
  if (session.visitor) return `guest:${guestFilter(session.visitor)}`;
  return 'anonymous';
}
