import type { Kysely } from 'kysely'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Database } from '~/models/db/db-schema'
import { footerLinkColumns } from '~/components/site-footer'
import { menuLinkPanels } from '~/components/site-menu'
import { stateShapesId } from '~/components/state-map'
import { stateShapePaths } from '~/models/places/map-shapes.server'
import type { SiteNavigation } from '~/sites/navigation'
import { siteNavigationNow } from '~/sites/site-navigation.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import siteStylesheet from '~/tailwind.css?inline'
import type { FrameParts } from './frame'
import { inlineStylesheetId } from './inline-stylesheet'

// A site's navigation is one object until its states are recounted (site-navigation.server.ts), so its markup is drawn once per recount.
const navigationParts = new WeakMap<SiteNavigation, FrameParts>()

/** The menu panels' and footer columns' markup, by the id of the element that holds each. */
export function navigationMarkup(navigation: SiteNavigation): FrameParts {
  let parts = navigationParts.get(navigation)
  if (!parts) {
    const elements = { ...menuLinkPanels(navigation.menu), ...footerLinkColumns(navigation.footer.sections) }
    parts = Object.fromEntries(Object.entries(elements).map(([id, element]) => [id, renderToStaticMarkup(element)]))
    navigationParts.set(navigation, parts)
  }
  return parts
}

/**
 * The frame parts of a page of `site` (frame.tsx): the whole site stylesheet (the document
 * pipeline then cuts it to the page's rules, decision 0042), the link panels and columns, and the
 * state outlines, which only a page that draws them in its first view writes out (the home,
 * decision 0041).
 */
export async function framePartsOf(db: Kysely<Database>, site: SiteProfile): Promise<FrameParts> {
  return { [inlineStylesheetId]: siteStylesheet, [stateShapesId]: stateShapePaths(), ...navigationMarkup(await siteNavigationNow(db, site)) }
}
