// The head apart from the page's components: a route that draws the directory only for some of its URLs loads them only then.
import type { MetaDescriptor } from 'react-router'
import type { BrokerDirectoryPageData } from './page.server'
import { headContextFrom, type MetaMatches, pageMeta } from '~/utils/page-meta'

/** Head of a directory page: title, description, canonical, robots, and rel=prev/next for crawlers. */
export function brokerDirectoryMeta(page: BrokerDirectoryPageData, matches: MetaMatches): MetaDescriptor[] {
  const descriptors = pageMeta(headContextFrom(matches), {
    title: page.title,
    description: page.description,
    canonicalPath: page.canonicalPath,
    noindex: !page.isIndexable,
  })
  if (page.pagination.previousHref) descriptors.push({ tagName: 'link', rel: 'prev', href: page.pagination.previousHref })
  if (page.pagination.nextHref) descriptors.push({ tagName: 'link', rel: 'next', href: page.pagination.nextHref })
  return descriptors
}
