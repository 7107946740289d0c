import { useEffect, useRef, type RefObject } from 'react';

/** How long after a route change a heading that appears late (a lazy page, a loaded order) still takes focus. */
const WATCH_MS = 10_000;

const isLost = (active: Element | null) => !active || active === document.body || active === document.documentElement;

/**
 * While a lazy page loads, React keeps the previous page in the DOM hidden with display: none, so
 * the first h1 may be the old one: take the first h1 that is not inside something hidden.
 */
export function visibleHeading(root: HTMLElement): HTMLElement | null {
  for (const heading of root.querySelectorAll('h1')) {
    let hidden = false;
    for (let node: HTMLElement | null = heading; node && node !== root; node = node.parentElement) {
      if (node.hidden || getComputedStyle(node).display === 'none') {
        hidden = true;
        break;
      }
    }
    if (!hidden) return heading;
  }
  return null;
}

/**
 * Moves focus to the page's h1 when the route changes, so a screen reader announces the new page
 * the way it does after a full page load.
 *
 * - Not on the first load, and not for redirects before the shopper has done anything (pressed a
 *   key or a pointer): the browser's own page-load behaviour stands, and focus is never stolen.
 * - Pages load lazily and the order detail swaps its loading heading for the order's, so the
 *   container is watched for a while: the h1 takes focus when it appears, and again when the one
 *   that had focus is replaced. Focus that moved elsewhere on purpose (a dialog, a field a page
 *   focused) is left alone, and the watch ends as soon as the shopper presses a key or a pointer.
 */
export function useRouteFocus(container: RefObject<HTMLElement | null>, location: string) {
  const interacted = useRef(false);
  const previous = useRef(location);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('pointerdown', mark, true);
    document.addEventListener('keydown', mark, true);
    return () => {
      document.removeEventListener('pointerdown', mark, true);
      document.removeEventListener('keydown', mark, true);
    };
  }, []);

  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    const root = container.current;
    if (!interacted.current || !root) return;

    let focused: HTMLElement | null = null;
    const focusHeading = () => {
      const heading = visibleHeading(root);
      if (!heading || heading === document.activeElement) return;
      const active = document.activeElement;
      // First move: from wherever the navigation started, unless something in the new page (a
      // dialog, a field) has already taken focus. Later moves: only when our heading was replaced.
      const canMove = focused === null ? isLost(active) || !root.contains(active) : isLost(active);
      if (!canMove || active?.closest('[role="dialog"], dialog')) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      // Only a move that took counts (a heading that cannot take focus leaves it where it was).
      if (document.activeElement === heading) focused = heading;
    };

    focusHeading();
    const observer = new MutationObserver(focusHeading);
    // Attributes too: React reveals a page it kept hidden by changing its style.
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'hidden'] });
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
    const timer = setTimeout(stop, WATCH_MS);
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    return stop;
  }, [container, location]);
}
