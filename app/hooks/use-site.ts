import { useRouteLoaderData } from 'react-router'
import type { Viewer } from '~/models/accounts/viewer'
import type { SiteProfile } from '~/models/sites/site-profile'

// The main land site's profile, for a page whose root loader failed. Set by entry.server; such a
// page carries it to the browser in a JSON script (root.tsx), so no page's JavaScript bundles it.
let fallbackSite: SiteProfile | undefined

/** The id of the JSON script holding the fallback profile on a page without root data. */
export const fallbackSiteElementId = 'fallback-site'

/**
 * What these hooks read of the root loader's data (root.tsx). Named here, not taken from the
 * loader's type: root.tsx imports these hooks, so importing it back would close a loop
 * (tests/unit/root-site-data.test.ts checks the loader still gives it).
 */
export interface RootSiteData {
  site: SiteProfile
  origin: string
  viewer: Viewer | null
}

export function setFallbackSite(site: SiteProfile) {
  fallbackSite = site
}

/** The site a page without root data (its root loader failed) is drawn as. */
export function fallbackSiteProfile(): SiteProfile {
  if (!fallbackSite && typeof document !== 'undefined') {
    const json = document.getElementById(fallbackSiteElementId)?.textContent
    if (json) fallbackSite = JSON.parse(json) as SiteProfile
  }
  if (!fallbackSite) throw new Error('The root loader failed and no fallback site profile was set')
  return fallbackSite
}

/** The current site's profile, from the root loader (the main land site if the root failed). */
export function useSite(): SiteProfile {
  return useRouteLoaderData<RootSiteData>('root')?.site ?? fallbackSiteProfile()
}

/** The origin canonical URLs are built on (the site's URL in production, the local host in development). */
export function useSiteOrigin(): string {
  return useRouteLoaderData<RootSiteData>('root')?.origin ?? fallbackSiteProfile().url
}

/** The signed-in user (null for a visitor), from the root loader. */
export function useViewer(): Viewer | null {
  return useRouteLoaderData<RootSiteData>('root')?.viewer ?? null
}

/**
 * What a signed-in person's forms start with (issue 34 item 3): the account's name, e-mail and
 * phone, each still theirs to change; nothing for a visitor. Drawn on the server, so without
 * scripts too; a page for a signed-in person is never shared by a cache (http-cache.server.ts).
 */
export function useAccountContact(): { name?: string; email?: string; phone?: string } {
  const viewer = useViewer()
  return viewer ? { name: viewer.contactName, email: viewer.email, phone: viewer.phone ?? undefined } : {}
}
