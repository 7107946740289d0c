/**
 * Who is here when a page starts, read without React: the page's inlined session or this tab's stored member,
 * and a guest's stored lookup. `session.ts` builds the session store on it; the first paint
 * (`boot/first-paint.ts`) reads it before the app's code has arrived, to draw the header the app will draw.
 */
import type { MemberSession, SignedIn, Visitor } from './session';

export const MEMBER_KEY = 'orders.member';
export const VISITOR_KEY = 'orders.visitor';
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
  return typeof candidate.upmId === 'string' && typeof candidate.expiresAt === 'number';
}

function isVisitor(value: unknown): value is Visitor {
  if (typeof value !== 'object' || value === null) return false;
  return (
    typeof (value as { email?: unknown }).email === 'string' ||
    typeof (value as { phoneNumber?: unknown }).phoneNumber === 'string'
  );
}

/**
 * The session the server put into this page for the browser's cookie (`<script id="orders-session">`, what
 * `GET /auth/v1/session` answers), so a new tab is signed in at its first paint instead of asking first. Read
 * once; the block is then removed (`takeBlock`: the app's store, not the first paint) so its CSRF value does not stay in the document.
 */
function inlinedMember(now: number, takeBlock: boolean): MemberSession | null {
  if (typeof document === 'undefined') return null;
  const block = document.getElementById('orders-session');
  const text = block?.textContent;
  if (takeBlock) block?.remove();
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SignedIn>;
    if (typeof value.upmId !== 'string' || typeof value.expiresIn !== 'number' || value.expiresIn <= 0) return null;
    const csrfToken = typeof value.csrfToken === 'string' ? value.csrfToken : undefined;
    return memberOf({ upmId: value.upmId, expiresIn: value.expiresIn, csrfToken }, now);
  } catch {
    return null;
  }
}

/** What this tab keeps of a session the server answered (`SignedIn`) at `now`. */
export function memberOf(session: SignedIn, now: number): MemberSession {
  const member: MemberSession = { upmId: session.upmId, expiresAt: now + session.expiresIn * 1000 };
  if (session.csrfToken) member.csrfToken = session.csrfToken;
  if (session.accessToken) member.accessToken = session.accessToken;
  return member;
}

export interface StartingSession {
  member: MemberSession | null;
  visitor: Visitor | null;
  /** The member came from the page's inlined session. */
  fromPage: boolean;
}

export function startingSession(now: number, { takeBlock }: { takeBlock: boolean }): StartingSession {
  const visitor = readJson(VISITOR_KEY);
  const inlined = inlinedMember(now, takeBlock);
  const member = inlined ?? readJson(MEMBER_KEY);
  const known = isMember(member) && member.expiresAt > now ? member : null;
  return { member: known, visitor: isVisitor(visitor) ? visitor : null, fromPage: inlined !== null };
}
