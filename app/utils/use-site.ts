import { useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '~/root'
import { defaultSite } from '~/sites/index'
import type { SiteProfile } from '~/sites/site-profile'

/** The current site's profile, from the root loader (the main land site if the root failed). */
export function useSite(): SiteProfile {
  return useRouteLoaderData<typeof rootLoader>('root')?.site ?? defaultSite
}

/** The origin canonical URLs are built on (the site's URL in production, the local host in development). */
export function useSiteOrigin(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.origin ?? defaultSite.url
}
