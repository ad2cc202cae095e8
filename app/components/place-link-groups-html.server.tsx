import { renderToStaticMarkup } from 'react-dom/server'
import { createContext, type RouterContextProvider } from 'react-router'
import type { PlaceLinkGroup, PlaceMarketSectionData } from '~/models/places/market-stats'
import { documentRequestContext } from '~/utils/document-request'
import { PlaceLinkGroups, placeLinkGroupsId } from './landing-market'
import type { StaticHtmlParts } from './static-html'

/** A whole page's links down from its place, set by its loader for the page's render (app/document/document.server.tsx). */
export const placeLinkGroupsContext = createContext<PlaceLinkGroup[] | null>(null)

/** Their markup for the page's render, when the page has them (components/static-html.tsx). */
export function placeLinkGroupsHtml(groups: PlaceLinkGroup[] | null): StaticHtmlParts {
  return groups ? { [placeLinkGroupsId]: renderToStaticMarkup(<PlaceLinkGroups groups={groups} />) } : {}
}

/**
 * A page's data with its market's links down moved into the page's markup when the request is for
 * a whole page (decision 0044): a state's counties then travel once, as links, not again as data.
 */
export function withPlaceLinksInMarkup<Page extends { market: PlaceMarketSectionData | null }>(page: Page, context: Readonly<RouterContextProvider>): Page {
  if (!page.market?.childGroups || !context.get(documentRequestContext)) return page
  context.set(placeLinkGroupsContext, page.market.childGroups)
  return { ...page, market: { ...page.market, childGroups: null } }
}
