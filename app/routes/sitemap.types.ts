import type { Breadcrumb } from '~/components/breadcrumbs'
import type { Pagination } from '~/models/search/pagination'

/** One link of an HTML sitemap, with a short fact beside it ('12 listings', '40 acres · $120,000'). */
export interface SitemapLink {
  label: string
  href: string
  note?: string
}

export interface SitemapSection {
  heading: string
  links: SitemapLink[]
  /** Said instead of an empty list. */
  emptyText?: string
}

/** An HTML sitemap page (spec §2 /sitemap/ and its variants): sections of links, a long list in pages. */
export interface SitemapPageData {
  title: string
  description: string
  heading: string
  canonicalPath: string
  /** A place with nothing listed on the site yet: a page for people, not for the index. */
  noindex: boolean
  breadcrumbs: Breadcrumb[]
  sections: SitemapSection[]
  pagination: Pagination | null
}
