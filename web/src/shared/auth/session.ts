import { useSyncExternalStore } from 'react';

/** A signed-in member: the bearer token and when it stops being valid (epoch ms). */
export interface MemberSession {
  accessToken: string;
  upmId: string;
  expiresAt: number;
}

/** A guest's proof of identity for one order: the order's e-mail or phone (country code + number, digits). */
export type Visitor = { email: string } | { phoneNumber: string };

export interface Session {
  member: MemberSession | null;
  visitor: Visitor | null;
}

const MEMBER_KEY = 'orders.member';
const VISITOR_KEY = 'orders.visitor';

const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function readJson(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function isMember(value: unknown): value is MemberSession {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<MemberSession>;
  return typeof candidate.accessToken === 'string' && typeof candidate.expiresAt === 'number';
}

function isVisitor(value: unknown): value is Visitor {
  if (typeof value !== 'object' || value === null) return false;
  return typeof (value as { email?: unknown }).email === 'string' ||
    typeof (value as { phoneNumber?: unknown }).phoneNumber === 'string';
}

function load(): Session {
  const member = readJson(MEMBER_KEY);
  const visitor = readJson(VISITOR_KEY);
  return {
    member: isMember(member) && member.expiresAt > Date.now() ? member : null,
    visitor: isVisitor(visitor) ? visitor : null,
  };
}

let current: Session = load();

function scheduleExpiry() {
  clearTimeout(expiryTimer);
  const member = current.member;
  if (member) expiryTimer = setTimeout(signOut, Math.max(0, member.expiresAt - Date.now()));
}
scheduleExpiry();

function update(next: Session) {
  current = next;
  if (next.member) sessionStorage.setItem(MEMBER_KEY, JSON.stringify(next.member));
  else sessionStorage.removeItem(MEMBER_KEY);
  if (next.visitor) sessionStorage.setItem(VISITOR_KEY, JSON.stringify(next.visitor));
  else sessionStorage.removeItem(VISITOR_KEY);
  scheduleExpiry();
  listeners.forEach((listener) => { listener(); });
}

export const getSession = (): Session => current;

export function signIn(token: { accessToken: string; upmId: string; expiresIn: number }, now = Date.now()) {
  update({ ...current, member: { accessToken: token.accessToken, upmId: token.upmId, expiresAt: now + token.expiresIn * 1000 } });
}

export function signOut() {
  if (current.member) update({ ...current, member: null });
}

export function rememberVisitor(visitor: Visitor) {
  update({ ...current, visitor });
}

/** Re-reads sessionStorage; tests use it after clearing storage. */
export function reloadSession() {
  current = load();
  scheduleExpiry();
  listeners.forEach((listener) => { listener(); });
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
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
