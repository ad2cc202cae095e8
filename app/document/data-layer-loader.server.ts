import { readConfig } from '~/config.server'
import { tagManagerAttribute } from '~/models/analytics/page-analytics'
import type { SiteProfile } from '~/models/sites/site-profile'
import { escapeXml } from '~/utils/escape-xml'
import dataLayerLoader from 'virtual:browser-script/data-layer-loader'
import { dataLayerRuntimePath } from './data-layer-script.server'

/**
 * The inline script that ends a page of `site` (browser-scripts/data-layer-loader.ts): once the
 * first view has been painted it adds the runtime's script, naming the site's tag manager only when
 * one is configured (README "Configuration") and the page is not the Low data one (no third-party
 * script there: decision 0033).
 */
export function dataLayerLoaderScript(site: SiteProfile, nonce: string | undefined, isLowData: boolean, config = readConfig()) {
  const tagManagerUrl = isLowData ? undefined : config.tagManagerScriptUrl?.replace('{id}', encodeURIComponent(site.trackingContainerId))
  const tagManager = tagManagerUrl ? ` ${tagManagerAttribute}="${escapeXml(tagManagerUrl)}"` : ''
  // The runtime's own script needs no nonce: a script a trusted one adds is trusted ('strict-dynamic').
  return `<script${nonce ? ` nonce="${nonce}"` : ''} data-src="${dataLayerRuntimePath}"${tagManager}>${dataLayerLoader}</script>`
}

const bodyEnd = '</body>'

/** The page with the runtime's loader as the last thing in its body. */
export function withDataLayerLoader(html: string, site: SiteProfile, nonce: string | undefined, isLowData: boolean): string {
  const at = html.lastIndexOf(bodyEnd)
  if (at < 0) return html
  return html.slice(0, at) + dataLayerLoaderScript(site, nonce, isLowData) + html.slice(at)
}
