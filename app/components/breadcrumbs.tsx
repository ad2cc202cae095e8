export interface Breadcrumb {
  name: string
  href: string
}

/** A trail of real links (United States › State › …); its JSON-LD twin is written by each page. */
export function Breadcrumbs({ crumbs }: { crumbs: Breadcrumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-700">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <li key={crumb.href}>
            {index > 0 ? (
              <span aria-hidden="true" className="px-1 text-stone-500">
                ›
              </span>
            ) : null}
            <a href={crumb.href} className="hover:text-brand hover:underline">
              {crumb.name}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
