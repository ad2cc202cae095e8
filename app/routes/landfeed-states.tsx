import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { formatLongDate } from '~/utils/format'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { loadLandFeedStates } from './landfeed-states.server'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadLandFeedStates(context.get(databaseContext), siteFromRequest(request), request)
}

export const handle: AnalyticsHandle = { analytics: 'content' }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(headContextFrom(matches), { title: data.title, description: data.description, canonicalPath: '/landfeed/states/' }) : []

export default function LandFeedStates() {
  const page = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 text-ink" aria-labelledby="states-heading">
      <h1 id="states-heading" className="text-3xl font-bold text-brand">
        Land Feed Listings by State
      </h1>
      <p className="mt-3">
        {`${page.total.toLocaleString('en-US')} listings on the site arrived in partner feeds. How a feed is written and checked is in the `}
        <a href={page.docsPath} className="font-medium text-brand underline">
          Land Feed Documentation
        </a>
        .
      </p>
      <ScrollRegion label="Feed listings by state" className="mt-6">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Feed listings by state, and when an import last changed them</caption>
          <ColumnHeadings headings={['State', 'Feed listings', 'Last changed by an import']} numeric={['Feed listings']} />
          <tbody>
            {page.states.map((state) => (
              <tr key={state.abbreviation} className="border-t border-ink/10">
                <th scope="row" className="px-3 py-2 font-medium">
                  {state.searchHref && state.listings > 0 ? (
                    <a href={state.searchHref} className="text-brand underline">
                      {state.name}
                    </a>
                  ) : (
                    state.name
                  )}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{state.listings.toLocaleString('en-US')}</td>
                <td className="px-3 py-2">{state.lastChangedAt ? formatLongDate(state.lastChangedAt) : 'Never'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </article>
  )
}
