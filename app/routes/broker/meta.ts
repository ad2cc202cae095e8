import type { MetaDescriptor } from 'react-router'
import { headContextFrom, type MetaMatches, pageMeta } from '~/utils/page-meta'
import type { BrokerListingsPageData, BrokerProfilePageData } from './page.server'

/** Head of a broker page or a broker's listings page; a later page of listings names its neighbours. */
export function brokerPageMeta(
  page: Pick<BrokerProfilePageData, 'title' | 'description' | 'canonicalPath' | 'isIndexable'> & Partial<Pick<BrokerListingsPageData, 'pagination'>>,
  matches: MetaMatches,
): MetaDescriptor[] {
  const descriptors = pageMeta(headContextFrom(matches), {
    title: page.title,
    description: page.description,
    canonicalPath: page.canonicalPath,
    noindex: !page.isIndexable,
  })
  if (page.pagination?.previousHref) descriptors.push({ tagName: 'link', rel: 'prev', href: page.pagination.previousHref })
  if (page.pagination?.nextHref) descriptors.push({ tagName: 'link', rel: 'next', href: page.pagination.nextHref })
  return descriptors
}
