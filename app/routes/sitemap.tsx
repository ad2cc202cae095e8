import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { Pagination } from '~/components/pagination'
import { databaseContext } from '~/http/database.server'
import type { SitemapSection } from './sitemap.types'
import { loadSitemapPage } from './sitemap.server'
import { siteFromRequest } from '~/sites/site.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * The HTML sitemap at /sitemap and /sitemap/* (spec §2): states, counties and their listings,
 * featured and new listings by state, in each site's own spelling (app/models/sitemaps/sitemap-path.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSitemapPage(context.get(databaseContext), siteFromRequest(request), request)
}

export const handle: AnalyticsHandle = { analytics: 'sitemap' }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  const descriptors = pageMeta(headContextFrom(matches), {
    title: data.title,
    description: data.description,
    canonicalPath: data.canonicalPath,
    noindex: data.noindex,
  })
  if (data.pagination?.previousHref) descriptors.push({ tagName: 'link', rel: 'prev', href: data.pagination.previousHref })
  if (data.pagination?.nextHref) descriptors.push({ tagName: 'link', rel: 'next', href: data.pagination.nextHref })
  return descriptors
}

function Section({ section }: { section: SitemapSection }) {
  if (section.links.length === 0 && !section.emptyText) return null
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold text-brand">{section.heading}</h2>
      {section.links.length > 0 ? (
        <ul className="mt-3 grid gap-x-6 gap-y-2 small:grid-cols-2 tablet:grid-cols-3">
          {section.links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="font-medium text-ink underline decoration-ink/30 underline-offset-2 hover:text-brand hover:decoration-brand">
                {link.label}
              </a>
              {link.note ? <span className="block text-sm text-ink/70">{link.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3">{section.emptyText}</p>
      )}
    </section>
  )
}

export default function Sitemap() {
  const page = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <h1 className="mt-4 text-2xl font-bold text-brand small:text-3xl">{page.heading}</h1>
      {page.sections.map((section) => (
        <Section key={section.heading} section={section} />
      ))}
      {page.pagination ? <Pagination {...page.pagination} /> : null}
    </div>
  )
}
