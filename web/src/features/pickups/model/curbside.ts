/** Curbside pickup rules of the shopper's page (spec 002 §4, §5, §8, §9), kept free of React. */

import type { ReadHours } from '@/shared/api/types';

/** Interaction statuses as the server sends them. */
export type InteractionStatus = 'SUBMITTED' | 'CLAIMED' | 'COMPLETE' | 'CANCELLED_CONSUMER';

/** The page's status constants. */
export type PageStatus = 'initial' | 'claimed' | 'completed' | 'duplicateRequest';

/** The id a duplicate request gets when the server's 409 did not name the open interaction. */
export const DUPLICATE_MARKER = 'duplicate';

export const VEHICLE_MAX_CHARS = 100;
/** Poll every second while nothing changed; after a failed poll, again every 1.5 s, 5 attempts in all. */
export const POLL_INTERVAL_MS = 1000;
export const POLL_RETRY_MS = 1500;
export const POLL_ATTEMPTS = 5;
/** Retry shows while the attempt counter is below 3; then contact us. */
export const RETRY_LIMIT = 3;
export const PROGRESS_SEGMENTS = [25, 50, 75, 100] as const;

export function pageStatusOf(status: string): PageStatus {
  if (status === 'SUBMITTED') return 'initial';
  if (status === 'CLAIMED') return 'claimed';
  return 'completed';
}

/** Progress values: initial 50, claimed 75, others 100, duplicate 0, no status yet 25. */
export function progress(status: PageStatus | null): number {
  switch (status) {
    case null:
      return 25;
    case 'initial':
      return 50;
    case 'claimed':
      return 75;
    case 'duplicateRequest':
      return 0;
    default:
      return 100;
  }
}

/** Polling goes on only while the interaction is still open. */
export const keepsPolling = (status: PageStatus): boolean => status === 'initial' || status === 'claimed';

/** Characters, not UTF-16 units: "青" and "🚗" count as one each, as the server counts them. */
export const charCount = (text: string): number => Array.from(text).length;
export const charsRemaining = (text: string): number => Math.max(0, VEHICLE_MAX_CHARS - charCount(text));
export const vehicleIsValid = (text: string): boolean =>
  text.trim() !== '' && charCount(text.trim()) <= VEHICLE_MAX_CHARS;

/** The interaction id in a `Location` header (`/store/order_pickups/v1/{id}`), else the duplicate marker. */
export function idFromLocation(location: string | null): string {
  const id = location?.split('?')[0]?.split('/').filter(Boolean).pop();
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : DUPLICATE_MARKER;
}

/**
 * The request the page follows when it opens. The server's answer wins: the order's open request
 * (`openPickupId`, sent from this tab, another tab or another device), keeping this tab's last-read status
 * when it is the same request; when the server says none is open, a duplicate marker this tab kept is
 * dropped (the request it stood for has ended). Without an answer (`undefined`: the offer could not be
 * read), the link's interaction id, else what this tab saved.
 */
export function startingPickup(
  openPickupId: string | null | undefined,
  linkId: string | null,
  stored: SavedPickup | null,
): SavedPickup | null {
  if (openPickupId) {
    return stored?.id === openPickupId && keepsPolling(stored.status)
      ? stored
      : { id: openPickupId, status: 'initial' };
  }
  if (openPickupId === null && stored?.id === DUPLICATE_MARKER)
    return linkId ? { id: linkId, status: 'initial' } : null;
  return linkId ? { id: linkId, status: 'initial' } : stored;
}

/** What the page keeps per order number in session storage, so a reload comes back to the same state. */
export interface SavedPickup {
  id: string;
  status: PageStatus;
}

const storageKey = (orderNumber: string) => `orders.curbside.${orderNumber}`;

export function loadSaved(orderNumber: string, storage: Storage = sessionStorage): SavedPickup | null {
  try {
    const value = JSON.parse(storage.getItem(storageKey(orderNumber)) ?? 'null') as Partial<SavedPickup> | null;
    const statuses: PageStatus[] = ['initial', 'claimed', 'completed', 'duplicateRequest'];
    if (value && typeof value.id === 'string' && statuses.includes(value.status as PageStatus)) {
      return { id: value.id, status: value.status as PageStatus };
    }
  } catch {
    // A broken entry is as good as none.
  }
  return null;
}

export function save(orderNumber: string, saved: SavedPickup | null, storage: Storage = sessionStorage): void {
  try {
    if (saved) storage.setItem(storageKey(orderNumber), JSON.stringify(saved));
    else storage.removeItem(storageKey(orderNumber));
  } catch {
    // Storage full or blocked: the page still works, it only forgets on reload.
  }
}

/** The error states of the page (spec 002 §8). */
export type CurbsideErrorKind = 'missingParameters' | 'storeClosed' | 'noCurbside' | 'fetchFailed';

/** Which buttons an error view shows: retry while attempts are below 3, contact us after that or when allowed. */
export function errorActions(kind: CurbsideErrorKind, attempts: number): { retry: boolean; contact: boolean } {
  if (kind === 'storeClosed') return { retry: false, contact: false };
  if (kind === 'missingParameters') return { retry: false, contact: true };
  const retry = attempts < RETRY_LIMIT;
  return { retry, contact: !retry };
}

/** The error state a server error code stands for (anything unknown is a fetch failure). */
export function errorKindOf(code: string | undefined): CurbsideErrorKind {
  switch (code) {
    case 'curbside-missing-parameters':
      return 'missingParameters';
    case 'curbside-store-closed':
      return 'storeClosed';
    case 'curbside-not-offered':
      return 'noCurbside';
    default:
      return 'fetchFailed';
  }
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Today's date and weekday in the store's time zone (store hours are the store's clock, not the shopper's). */
export function storeToday(now: Date, timeZone: string): { date: string; weekday: string } | null {
  try {
    // Only numbers are read: Gregorian calendar and Latin digits whatever the browser's own locale.
    const parts = new Intl.DateTimeFormat(undefined, {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const [year, month, day] = [part('year'), part('month'), part('day')];
    if (![year, month, day].every(Number.isFinite)) return null;
    const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
    const pad = (value: number) => String(value).padStart(2, '0');
    return { date: `${String(year)}-${pad(month)}-${pad(day)}`, weekday };
  } catch {
    return null;
  }
}

/** Today's opening as minutes after midnight (closing may pass 1440); null when closed today. The server
 * reads the hours (`weekly`, `specialDays`); special hours dated today replace the weekday's. */
export function todaysHours(hours: ReadHours, now: Date, timeZone: string): { opens: number; closes: number } | null {
  const today = storeToday(now, timeZone);
  if (!today) return null;
  const special = hours.specialDays.find((day) => day.date === today.date);
  const opening = special ? special.hours : hours.weekly.find((day) => day.weekday === today.weekday)?.hours;
  return opening ? { opens: opening.opensMinutes, closes: opening.closesMinutes } : null;
}
