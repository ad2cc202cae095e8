import type { Config } from '@react-router/dev/config'

/** Server-rendered pages (every page is complete without JavaScript); routes are declared in app/routes.ts. */
export default {
  ssr: true,
  // Route middleware (decision 0019): the root's logs in by a token in any page's address before any loader runs.
  future: { v8_middleware: true },
  // The whole route manifest as one immutable file fetched with the framework (decision 0038), not
  // a partial one worked out for every page on the server and completed by a /__manifest request.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
