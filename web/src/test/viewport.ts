import { vi } from 'vitest';

/**
 * Makes `matchMedia` answer as a viewport `width` CSS pixels wide would for `(max-width: …)` and
 * `(min-width: …)` queries (jsdom has no layout and no matchMedia). Undone after each test (setup.ts).
 */
export function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && Boolean(max ?? min),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}
