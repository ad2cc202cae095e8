/**
 * Registers the service worker that keeps favourites for reading offline (decision 0034), once the
 * page is hydrated. Production builds only: the development server does not build /sw.js. Without
 * it (an old browser, a refusal) the site works the same, online.
 */
export function registerServiceWorker() {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => undefined)
}
