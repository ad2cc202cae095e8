import { type AppConfig, readConfig } from '~/config.server'
import { defaultSite, sites } from './index'
import type { SiteProfile } from './site-profile'

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
