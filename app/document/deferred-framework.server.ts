/**
 * Every page is complete and every form works without scripts, so the framework (React and
 * React Router, 113 KB gzip before any of our code) is not needed for the first view: it is
 * fetched once the page has loaded and been painted, and never competes with the page, its styles
 * and photos on a slow link (decision 0013).
 *
 * React Router's `<Scripts>` writes a `modulepreload` link for every module of the page and one
 * inline module script that imports them and starts hydration. The links are dropped and the
 * module script is turned inert (`type="text/plain"`); a small classic script puts both back
 * after the window's `load` event, once the page's priority photo has been painted. The rest (the
 * router's context and the page data it streams) is left as it is: it costs no request.
 *
 * With Low data on (decision 0033), the framework waits for the visitor instead: the first press,
 * key or focus on the page that is not on a link to another page starts it. A visitor who only
 * reads, or follows links, never fetches it; every link and form works without it.
 */

import startAfterFirstView from 'virtual:browser-script/start-framework-after-first-view'
import startAtFirstUse from 'virtual:browser-script/start-framework-at-first-use'
import { deferredFrameworkScriptId } from './deferred-framework-id'

const modulePreloadStart = '<link rel="modulepreload" href="'
const scriptEnd = '</script>'

/** The attribute React Router writes on its scripts and links when given the page's CSP nonce. */
const nonceAttribute = (nonce: string | undefined) => (nonce ? ` nonce="${nonce}"` : '')

/** When the framework starts: once the page has loaded, or (Low data) at the visitor's first use of the page. */
export type FrameworkStart = 'load' | 'interaction'

/** The starters (browser-scripts/start-framework-*.ts), which put the framework's scripts back with their own nonce. */
const frameworkStarters: Record<FrameworkStart, string> = { load: startAfterFirstView, interaction: startAtFirstUse }

/** Said once per process: a page that still starts its framework at once is slower, not broken. */
let hasWarnedOfMarkup = false

/**
 * The page with its framework scripts started after the `load` event (or at the visitor's first
 * use) instead of at once, after the stylesheet at `stylesheetHref` when there is one.
 *
 * It reads the markup React Router's `<Scripts nonce>` writes (its module preloads, then one
 * `<script nonce type="module" async="">`); no supported option starts them later (decision 0013).
 * A page without that script is left as it is and the server says so once: React Router may have
 * changed its markup, which tests/integration/first-view.test.ts ("none before it has loaded",
 * on the production build's real pages) then fails on.
 */
export function deferFrameworkScripts(html: string, nonce: string | undefined, startOn: FrameworkStart = 'load', stylesheetHref?: string): string {
  const modulePreloadEnd = `"${nonceAttribute(nonce)}/>`
  const frameworkScriptStart = `<script${nonceAttribute(nonce)} type="module" async="">`
  const scriptStart = html.indexOf(frameworkScriptStart)
  const scriptEndAt = scriptStart < 0 ? -1 : html.indexOf(scriptEnd, scriptStart)
  if (scriptEndAt < 0) {
    if (!hasWarnedOfMarkup && html.includes(modulePreloadStart)) {
      hasWarnedOfMarkup = true
      console.warn("[document] React Router's module script was not found: pages start their framework at once (app/document/deferred-framework.server.ts)")
    }
    return html
  }
  const parts: string[] = []
  const preloads: string[] = []
  let copiedTo = 0
  for (let linkStart = html.indexOf(modulePreloadStart); linkStart >= 0 && linkStart < scriptStart; linkStart = html.indexOf(modulePreloadStart, copiedTo)) {
    const hrefStart = linkStart + modulePreloadStart.length
    const linkEnd = html.indexOf(modulePreloadEnd, hrefStart)
    if (linkEnd < 0) break
    preloads.push(html.slice(hrefStart, linkEnd))
    parts.push(html.slice(copiedTo, linkStart))
    copiedTo = linkEnd + modulePreloadEnd.length
  }
  parts.push(
    html.slice(copiedTo, scriptStart),
    `<script type="text/plain" id="${deferredFrameworkScriptId}" data-preloads="${preloads.join(' ')}"${stylesheetHref ? ` data-stylesheet="${stylesheetHref}"` : ''}>`,
    html.slice(scriptStart + frameworkScriptStart.length, scriptEndAt + scriptEnd.length),
    `<script${nonceAttribute(nonce)}>${frameworkStarters[startOn]}</script>`,
    html.slice(scriptEndAt + scriptEnd.length),
  )
  return parts.join('')
}
