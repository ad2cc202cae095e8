import { readConfig } from '~/config.server'
import { tagManagerAttribute } from '~/models/analytics/page-analytics'
import { dataLayerRuntimePath } from './data-layer-script.server'
import type { SiteProfile } from '~/sites/site-profile'
import { afterFirstViewFunction } from './after-first-view'

/**
 * The inline script that ends a page of `site`: once the first view has been painted
 * (`afterFirstView`: after the load event and the page's largest paint) it adds the runtime's
 * script, naming the site's tag manager only when one is configured (README "Configuration") and
 * the page is not the Low data one (no third-party script there: decision 0033).
 */
export function dataLayerLoaderScript(site: SiteProfile, nonce: string | undefined, isLowData: boolean, config = readConfig()) {
  const tagManagerUrl = isLowData ? undefined : config.tagManagerScriptUrl?.replace('{id}', encodeURIComponent(site.trackingContainerId))
  const tagManager = tagManagerUrl ? `s.setAttribute("${tagManagerAttribute}",${JSON.stringify(tagManagerUrl).replace(/</g, '\\u003c')});` : ''
  // The runtime's own script needs no nonce: a script a trusted one adds is trusted ('strict-dynamic').
  return `<script${nonce ? ` nonce="${nonce}"` : ''}>${afterFirstViewFunction}afterFirstView(function(){var s=document.createElement("script");s.src="${dataLayerRuntimePath}";${tagManager}document.body.appendChild(s)})</script>`
}

const bodyEnd = '</body>'

/** The page with the runtime's loader as the last thing in its body. */
export function withDataLayerLoader(html: string, site: SiteProfile, nonce: string | undefined, isLowData: boolean): string {
  const at = html.lastIndexOf(bodyEnd)
  if (at < 0) return html
  return html.slice(0, at) + dataLayerLoaderScript(site, nonce, isLowData) + html.slice(at)
}
