// The head apart from the page's components: a route that draws search results only for some of its URLs loads them only then.
import type { MetaDescriptor } from 'react-router'
import type { SearchPageData } from './page.server'
import { headContextFrom, type MetaMatches, pageMeta } from '~/utils/page-meta'

/** Head of a results page: title, description, canonical, robots, and rel=prev/next for crawlers. */
export function searchResultsMeta(page: SearchPageData, matches: MetaMatches): MetaDescriptor[] {
  const descriptors = pageMeta(headContextFrom(matches), {
    title: page.title,
    description: page.description,
    canonicalPath: page.canonicalPath,
    // The map view is the list's search drawn another way: one indexed URL (the canonical) for both.
    noindex: !page.isIndexable || page.view === 'map',
  })
  if (page.pagination.previousHref) descriptors.push({ tagName: 'link', rel: 'prev', href: page.pagination.previousHref })
  if (page.pagination.nextHref) descriptors.push({ tagName: 'link', rel: 'next', href: page.pagination.nextHref })
  return descriptors
}
