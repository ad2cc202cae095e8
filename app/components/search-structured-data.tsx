import type { Breadcrumb } from './breadcrumbs'
import { JsonLd, breadcrumbList } from './json-ld'

/** JSON-LD for crawlers: the breadcrumb trail and the listings on this page, in order. */
export function SearchStructuredData({ origin, breadcrumbs, listings }: { breadcrumbs: Breadcrumb[]; origin: string; listings: { href: string; title: string }[] }) {
  const absolute = (path: string) => new URL(path, origin).href
  // The list names the cards the page shows; a page without any has no list to describe.
  const itemList = listings.length > 0 && {
    '@type': 'ItemList',
    itemListElement: listings.map((listing, index) => ({ '@type': 'ListItem', position: index + 1, url: absolute(listing.href), name: listing.title })),
  }
  const graph = itemList ? [breadcrumbList(breadcrumbs, absolute), itemList] : [breadcrumbList(breadcrumbs, absolute)]
  return <JsonLd graph={graph} />
}
