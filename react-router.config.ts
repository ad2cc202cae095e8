import type { Config } from '@react-router/dev/config'

/** Server-rendered pages (every page is complete without JavaScript); routes are declared in app/routes.ts. */
export default {
  ssr: true,
  future: {
    // Route middleware (decision 0019): the root's logs in by a token in any page's address before any loader runs.
    v8_middleware: true,
    // A client navigation to /land/texas/ fetches /land/texas/_.data, and its loaders see the path the
    // page has, trailing slash included, as for the page itself (decision 0054).
    v8_trailingSlashAwareDataRequests: true,
    // Not yet, each for its reason (decision 0054); `false` says so and keeps the build from asking
    // at every start. Split route modules: a script more on the landing and broker pages, for a
    // clientLoader that only fetches the page's own view (decision 0032 counts each request).
    v8_splitRouteModules: false,
    // The build config per Vite environment (the server's input, the browser-only plugins): with
    // the move to Vite 7, which needs it.
    v8_viteEnvironmentApi: false,
    // Loaders and middleware would see `.data` and `_routes` in request.url: some 60 read it.
    v8_passThroughRequests: false,
  },
  // The whole route manifest as one immutable file fetched with the framework (decision 0038), not
  // a partial one worked out for every page on the server and completed by a /__manifest request.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
