/**
 * Registers the service worker that keeps favourites for reading offline (decision 0034), once the
 * page is hydrated. Production builds only: the development server does not build /sw.js. Without
 * it (an old browser, a refusal) the site works the same, online.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.register('/sw.js').catch(() => undefined)
  // A page whose loading began while the worker installed (opened from the page that registered it)
  // missed the worker's claim of the open pages: it asks again, so its likes keep the favourites in step.
  void navigator.serviceWorker.ready.then((registration) => {
    if (!navigator.serviceWorker.controller) registration.active?.postMessage(claimMessage)
  })
}

/** What a page sends the worker to be claimed by it (app/service-worker/service-worker.ts). */
export const claimMessage = 'claim'
