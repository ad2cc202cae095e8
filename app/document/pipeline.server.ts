import type { SiteProfile } from '~/models/sites/site-profile'
import siteStylesheet from '~/tailwind.css?inline'
import { siteStylesheetHref } from './inline-stylesheet'
import { withDataLayerLoader } from './data-layer-loader.server'
import { deferFrameworkScripts } from './deferred-framework.server'
import { withPageStylesheet } from './page-stylesheet.server'
import { withPriorityPhotoInline } from './priority-photo.server'

/** What the transforms know of the page besides its HTML. */
export interface DocumentPage {
  site: SiteProfile
  /** The response's CSP nonce (decision 0023): every script a transform writes carries it. */
  nonce: string | undefined
  /** The visitor chose Low data (decision 0033). */
  isLowData: boolean
}

/** One change to the rendered page's HTML; the only place outside React where page text is edited. */
export type DocumentTransform = (html: string, page: DocumentPage) => string | Promise<string>

/**
 * The transforms every rendered page goes through, in this order, each given the page as the one
 * before left it. The whole page is rendered before the first runs (render.server.tsx): the first
 * reads every class in it, the second writes into its head.
 */
export const documentTransforms: readonly DocumentTransform[] = [
  // Only the site stylesheet's rules the page's markup uses (decision 0042); first, so that it reads React's markup alone.
  function pageStylesheet(html) {
    return withPageStylesheet(html, siteStylesheet)
  },
  // The priority photo's phone rendition inside the document (decision 0041).
  function priorityPhoto(html) {
    return withPriorityPhotoInline(html)
  },
  // The framework fetched after the first view, or at the first use with Low data (decisions 0013, 0033).
  function deferredFramework(html, { nonce, isLowData }) {
    return deferFrameworkScripts(html, nonce, isLowData ? 'interaction' : 'load', siteStylesheetHref)
  },
  // The data layer's script after the first view; last, so that it ends the body (spec §7).
  function dataLayerLoader(html, { site, nonce, isLowData }) {
    return withDataLayerLoader(html, site, nonce, isLowData)
  },
]

/** The page as it is sent: React's HTML through every transform. */
export async function finishDocument(html: string, page: DocumentPage, transforms = documentTransforms) {
  let document = html
  for (const transform of transforms) document = await transform(document, page)
  return document
}
