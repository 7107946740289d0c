/**
 * The last store search, kept per country for the next visit (spec 001 §4.5). Whether a search may be
 * kept is the server's answer (`rememberSearch`: not for APO, FPO, Guantanamo Bay or Alaska); this
 * module only stores what it is told to.
 */
const key = (country: string) => `returns.storeSearch.${country.toUpperCase()}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadStoreSearch(country: string): string {
  return storage()?.getItem(key(country)) ?? '';
}

export function rememberStoreSearch(country: string, search: string): void {
  try {
    storage()?.setItem(key(country), search);
  } catch {
    // Storage full or blocked: the search is simply not remembered.
  }
}
