import type { MetaDescriptor } from 'react-router'
import { headContextFrom, type MetaMatches, pageMeta } from '~/utils/page-meta'
import type { LandingPageData } from './page.server'

/** Head of a landing page: title, description, canonical, and noindex while the place has no land for sale. */
export function landingPageMeta(page: LandingPageData, matches: MetaMatches): MetaDescriptor[] {
  return pageMeta(headContextFrom(matches), { title: page.title, description: page.description, canonicalPath: page.canonicalPath, noindex: !page.isIndexable })
}
