/** Leaves the app for a page outside it (a product page, a payment provider): one place tests can watch. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}

/** Loads the page again from the server (new chunks after a deploy). */
export function reloadPage(): void {
  window.location.reload();
}
