/** Leaves the app for a page outside it (a product page, a payment provider): one place tests can watch. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}

/** A tab opened before its address is known (see `openPendingTab`). */
export interface PendingTab {
  /** Sends the tab to `url` (or, when the browser refused the tab, this one). */
  go(url: string): void;
  /** Closes the tab: there is nowhere to send it. */
  close(): void;
}

/**
 * Opens an empty tab now, inside the click, for a page outside the app whose address a call has yet to
 * answer: a tab opened after the answer arrives is no longer the click's and pop-up blockers refuse it.
 * The new tab gets no handle on this one (`opener` cleared), as `rel="noopener"` would do.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go: (url) => {
      if (tab && !tab.closed) tab.location.replace(url);
      else leaveApp(url);
    },
    close: () => tab?.close(),
  };
}

/** Loads the page again from the server (new chunks after a deploy). */
export function reloadPage(): void {
  window.location.reload();
}
