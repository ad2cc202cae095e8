import { type AppConfig, readConfig } from '~/config.server'
import type { SiteDirectory } from '~/models/sites/site-directory'
import { defaultSite, sites, siteWithId } from './index'
import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Where a site's pages are: its configured origin (SITE_ORIGINS), else its development origin on
 * this machine's port. The only base of an absolute URL the server writes, never a request header
 * (decision 0046).
 */
export function siteOrigin(site: SiteProfile, config: Pick<AppConfig, 'siteOrigins' | 'port'> = readConfig()): string {
  return config.siteOrigins[site.key] ?? `http://${site.devHost}:${config.port}`
}

/** Bounded before it is matched: a host name is at most 253 characters, a port 5 digits. */
const maxHostLength = 262
const hostPattern = /^(?<name>[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/

/** The developer's own machine: the bare names of loopback, which serve the main land site. */
const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The site a `Host` header names, or undefined when this server does not serve that host: a host
 * of a configured origin, a SITE_HOSTS alias, or a development host (`land.localhost`, `localhost`,
 * 127.0.0.1). Anything else (another domain, a malformed header) is refused before any route runs.
 */
export function siteOfHost(host: string | undefined, config: Pick<AppConfig, 'siteOrigins' | 'siteHosts'> = readConfig()): SiteProfile | undefined {
  if (!host || host.length > maxHostLength) return undefined
  const hostname = hostPattern.exec(host.toLowerCase())?.groups?.name?.replace(/\.$/, '')
  if (!hostname) return undefined
  const siteList = Object.values(sites)
  const configured =
    siteList.find((site) => config.siteOrigins[site.key] && new URL(config.siteOrigins[site.key]!).hostname === hostname) ??
    siteList.find((site) => config.siteHosts[hostname] === site.key) ??
    siteList.find((site) => site.devHost === hostname)
  if (configured) return configured
  return loopbackNames.has(hostname) ? defaultSite : undefined
}

const isDevelopmentHost = (hostname: string) => loopbackNames.has(hostname) || hostname.endsWith('.localhost')

/**
 * Why a production server must not serve with these origins (decision 0047), or undefined: a
 * public site over plain http could not keep its login cookie Secure, and a public https site
 * reaches this plain-HTTP server only through a TLS proxy, which TRUST_PROXY must name. The
 * development hosts (`*.localhost`) are this machine's, and serve over http.
 */
export function originsProblem(config: Pick<AppConfig, 'environment' | 'siteOrigins' | 'trustProxy'> = readConfig()): string | undefined {
  if (config.environment !== 'production') return undefined
  const publicOrigins = Object.values(config.siteOrigins).filter((origin) => !isDevelopmentHost(new URL(origin).hostname))
  const plain = publicOrigins.find((origin) => origin.startsWith('http:'))
  if (plain) return `SITE_ORIGINS names ${plain}: in production a site is served over https, so that its login cookie is Secure. Name its https origin.`
  if (publicOrigins.length > 0 && config.trustProxy === false) {
    return 'SITE_ORIGINS names https origins, but this server speaks plain HTTP: run it behind a TLS proxy and set TRUST_PROXY to that proxy (e.g. TRUST_PROXY=loopback).'
  }
  return undefined
}

/** The sites as the models that mail links or read several sites' rows take them. */
export const siteDirectory: SiteDirectory = { defaultSite, siteWithId, originOf: (site) => siteOrigin(site) }
