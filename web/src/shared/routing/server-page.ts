/**
 * Leaves the app for a page the server answers (the provider's sign-out, which redirects off the site):
 * a full page load, not a route change. Its own module so tests can stand in for the navigation.
 */
export function goToServerPage(url: string) {
  window.location.assign(url);
}
