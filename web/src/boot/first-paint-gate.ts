/**
 * The app renders after the first paint has been painted (ADR 0032): `boot/first-paint.ts` settles this once its
 * frame is on screen (or once it knows it draws none), and `main.tsx` waits for it before React renders, so
 * that React's first renders do not hold the frame's paint back on a slow phone. Both import this one module
 * (the first paint's shared chunk), so they share the promise. If the first paint never settles (its chunk
 * failed to load), the app renders after `LONGEST_WAIT_MS` all the same.
 */
export const LONGEST_WAIT_MS = 1_500;

let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

/** Called by the first paint: its frame is painted, or there is none. */
export function firstPaintSettled(): void {
  settle();
}

/** Resolves once the first paint has settled, or after `LONGEST_WAIT_MS`. */
export function afterFirstPaint(): Promise<void> {
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, LONGEST_WAIT_MS))]);
}
