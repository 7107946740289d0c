import { useEffect, type RefObject } from 'react';
import { visibleHeading } from './use-route-focus';

/**
 * Keeps keyboard focus on the page when the control that had it goes away: "Pay now" becomes its QR code,
 * "I'm here" becomes the pickup progress, a dialog closes and the button that opened it is gone (the order
 * was cancelled). The browser then puts focus on the body, and the next Tab starts again at the top of the
 * page (issue 31, every flow by keyboard). Here it goes to the page's heading instead, as after a route change.
 *
 * An open modal dialog looks after its own focus (dialog.tsx), so nothing happens while one is open.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let last: Element | null = null;
    const track = (event: FocusEvent) => {
      if (event.target instanceof Element) last = event.target;
    };
    const rescue = () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || active === document.documentElement;
      // Only when the element that had focus was removed (a click on the page's background is no loss).
      if (!lost || !last || last.isConnected) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const heading = visibleHeading(root);
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      last = heading;
    };
    document.addEventListener('focusin', track);
    const observer = new MutationObserver(rescue);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', track);
      observer.disconnect();
    };
  }, [container]);
}
