import type { VitePluginConfig } from '@remix-run/dev'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

/** Remix plugin options; vite.config.ts passes them to the Remix Vite plugin. */
export const remixConfig = {
  ignoredRouteFiles: ['**/*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
} satisfies VitePluginConfig
