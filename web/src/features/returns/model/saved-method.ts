/**
 * Spec 001 §3 "Saved return-method selection": a list in browser storage under a return-methods key.
 * A newer choice replaces the older one of the same order, entries older than 60 days are dropped, and
 * storage that cannot be read as that list counts as empty (it is never trusted half-way).
 */
export const SAVED_METHODS_KEY = 'orders.returnMethods';
export const SAVED_METHOD_RETENTION_MS = 60 * 24 * 60 * 60 * 1000;

export interface SavedMethod {
  orderNumber: string;
  returnMethod: string;
  /** Only for store returns. */
  selectedStore?: string;
  /** Unix ms when the shopper chose it. */
  timestamp: number;
}

function isSavedMethod(value: unknown): value is SavedMethod {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.orderNumber === 'string' &&
    typeof entry.returnMethod === 'string' &&
    typeof entry.timestamp === 'number' &&
    Number.isFinite(entry.timestamp) &&
    (entry.selectedStore === undefined || typeof entry.selectedStore === 'string')
  );
}

/** The stored list as it may be used at `now`: invalid storage is empty, old entries are gone. */
export function parseSavedMethods(raw: string | null, now: number): SavedMethod[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || !parsed.every(isSavedMethod)) return [];
  return parsed.filter((entry) => now - entry.timestamp <= SAVED_METHOD_RETENTION_MS && entry.timestamp <= now);
}

/** The list after saving `choice`: the order's older entry replaced, expired entries dropped. */
export function withSavedMethod(list: SavedMethod[], choice: SavedMethod, now: number): SavedMethod[] {
  const kept = list.filter(
    (entry) => entry.orderNumber !== choice.orderNumber && now - entry.timestamp <= SAVED_METHOD_RETENTION_MS,
  );
  const entry: SavedMethod = {
    orderNumber: choice.orderNumber,
    returnMethod: choice.returnMethod,
    timestamp: choice.timestamp,
  };
  // A store belongs to a store return only; another method never carries one.
  if (choice.selectedStore && choice.returnMethod === 'returnToStore') entry.selectedStore = choice.selectedStore;
  return [...kept, entry];
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadSavedMethod(orderNumber: string, now = Date.now()): SavedMethod | null {
  const list = parseSavedMethods(storage()?.getItem(SAVED_METHODS_KEY) ?? null, now);
  return list.find((entry) => entry.orderNumber === orderNumber) ?? null;
}

export function saveMethod(choice: Omit<SavedMethod, 'timestamp'>, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const list = parseSavedMethods(store.getItem(SAVED_METHODS_KEY), now);
  try {
    store.setItem(SAVED_METHODS_KEY, JSON.stringify(withSavedMethod(list, { ...choice, timestamp: now }, now)));
  } catch {
    // Storage full or blocked: the choice is simply not remembered.
  }
}
