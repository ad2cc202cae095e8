import type { Breadcrumb } from './breadcrumbs'

/** A page's trail of breadcrumbs as schema.org's BreadcrumbList, each step at its absolute URL. */
export function breadcrumbList(crumbs: Breadcrumb[], absolute: (path: string) => string) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(crumb.href) })),
  }
}

/** A JSON-LD graph for crawlers; '<' is escaped so no text in it can close the script element. */
export function JsonLd({ graph }: { graph: object[] }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }).replace(/</g, '\\u003c')
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
}
