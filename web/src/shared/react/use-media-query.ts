import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the viewport matches a CSS media query now, and again after each change (a phone turned, a window
 * resized). False where the browser has no `matchMedia` (jsdom, unless a test stubs it).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
