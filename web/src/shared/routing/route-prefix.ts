/**
 * Every route may start with a two-letter country and then a two-letter locale:
 * /orders, /gb/orders, /fr/fr/orders. This splits that prefix off a pathname.
 */
export interface RoutePrefix {
  /** Country from the URL, lower case, or null when the path has none. */
  country: string | null;
  /** Language from the URL, lower case, or null. */
  language: string | null;
  /** The prefix exactly as it is in the URL ("" or "/gb" or "/fr/fr"): the router's base. */
  base: string;
  /** The path after the prefix, starting with "/". */
  rest: string;
}

const TWO_LETTERS = /^[A-Za-z]{2}$/;

/**
 * The prefix as a regular expression, for a path that goes on to a page ("/orders..."): up to two two-letter
 * segments, which is what `parseRoutePrefix` splits off such a path. The build puts it before each first page's
 * path for the server (vite.config.ts, `pagePreloads`).
 */
export const PREFIX_PATTERN = '(?:/[A-Za-z]{2}){0,2}';

export function parseRoutePrefix(pathname: string): RoutePrefix {
  const segments = pathname.split('/').slice(1);
  const taken: string[] = [];
  // A prefix segment is two letters followed by more path; "/or" alone is not a country.
  while (taken.length < 2 && segments.length > taken.length + 1 && TWO_LETTERS.test(segments[taken.length] ?? '')) {
    taken.push(segments[taken.length] ?? '');
  }
  // "/gb" or "/gb/fr" with nothing after: still a prefix (the router sends it on to /orders).
  if (taken.length < 2 && segments.length === taken.length + 1 && TWO_LETTERS.test(segments[taken.length] ?? '')) {
    taken.push(segments[taken.length] ?? '');
  }
  const base = taken.length ? `/${taken.join('/')}` : '';
  const rest = pathname.slice(base.length) || '/';
  return {
    country: taken[0]?.toLowerCase() ?? null,
    language: taken[1]?.toLowerCase() ?? null,
    base,
    rest: rest.startsWith('/') ? rest : `/${rest}`,
  };
}

/** A redirect target is accepted only when it stays on this site and inside /orders. */
export function isSafeOrdersPath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  const { rest } = parseRoutePrefix(pathname);
  return rest === '/orders' || rest.startsWith('/orders/');
}

/** A safe path (`isSafeOrdersPath`) to a return order's detail, `/orders/returns/{number}` (spec 000 §2 guest lookup). */
export function isReturnDetailPath(path: string | null | undefined): path is string {
  if (!isSafeOrdersPath(path)) return false;
  const { rest } = parseRoutePrefix(path.split(/[?#]/)[0] ?? '');
  return /^\/orders\/returns\/[^/]+$/.test(rest);
}
