import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** Buttons or links at the bottom. */
  actions: ReactNode;
  /** Escape and the Dismiss button call this. */
  onDismiss: () => void;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its title, focus moves in when it opens, stays inside while open
 * (Tab wraps), Escape dismisses it, and focus goes back where it was when it closes.
 */
export function Dialog({ title, children, actions, onDismiss }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  // In the commit that shows the dialog (a layout effect), not after its paint: no frame shows the dialog while
  // focus is still on the page behind it, and whoever finds the dialog finds its first control focused.
  useLayoutEffect(() => {
    const node = panel.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusFirst = () => {
      (node?.querySelector<HTMLElement>(FOCUSABLE) ?? node)?.focus();
    };
    focusFirst();
    // A dialog that changes what it shows (confirm, then working, then done) removes the button that had
    // focus: focus would fall to the page behind the dialog, so it goes to the new content's first control
    // (and from the panel itself, where it waits while there is none, to the first control that comes).
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (node && (!node.contains(active) || active === node)) focusFirst();
    });
    if (node) observer.observe(node, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      // Back where it was; when that control is gone or disabled, the page keeps focus (use-focus-rescue.ts).
      if (previous?.isConnected && !previous.matches(':disabled')) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
