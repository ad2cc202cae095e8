import { renderToStaticMarkup } from 'react-dom/server'
import { createContext } from 'react-router'
import type { SiteNavigation } from '~/sites/navigation'
import { footerLinkColumns } from './site-footer'
import { menuLinkPanels } from './site-menu'
import type { StaticHtmlParts } from './static-html'

/** The site's menus and footer links for this request, set by the root loader for the page's render (app/document/document.server.tsx). */
export const siteNavigationContext = createContext<SiteNavigation | null>(null)

// A site's navigation is one object until its states are recounted (root.tsx), so its markup is drawn once per recount.
const htmlByNavigation = new WeakMap<SiteNavigation, StaticHtmlParts>()

/** The menu panels' and footer columns' markup, by the id of the element that holds each (components/static-html.tsx). */
export function siteNavigationHtml(navigation: SiteNavigation | null): StaticHtmlParts {
  if (!navigation) return {}
  let parts = htmlByNavigation.get(navigation)
  if (!parts) {
    const elements = { ...menuLinkPanels(navigation.menu), ...footerLinkColumns(navigation.footer.sections) }
    parts = Object.fromEntries(Object.entries(elements).map(([id, element]) => [id, renderToStaticMarkup(element)]))
    htmlByNavigation.set(navigation, parts)
  }
  return parts
}
