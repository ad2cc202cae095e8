import { AccountPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { accountPaths } from '~/models/accounts/account-paths'
import { type AnalyticsHandle, type WebVital, webVitals } from '~/models/analytics/page-analytics'
import type { VitalFigure } from '~/models/analytics/analytics-report.server'
import { formatVital, vitalRating, vitalThresholdText } from '~/models/analytics/web-vital-ratings'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { formatLongDate } from '~/utils/format'
import { loadAnalyticsPage } from './page.server'
import type { Route } from './+types/route'

/** /account/analytics/ (issue 17 §7, administrators only): the site's page views, searches, leads and web vitals, last 30 days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAnalyticsPage(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Site Analytics',
    description: 'Page views, searches, listing views, leads and page speed of the last 30 days.',
    canonicalPath: accountPaths.analytics,
  })

const numberCell = 'px-3 py-2 text-right tabular-nums'
const pageTypeColumns = ['Page type', 'Page views', ...webVitals.map((metric) => `${metric} p75`)]

function VitalCell({ metric, figure }: { metric: WebVital; figure: VitalFigure }) {
  if (figure.p75 === null) return <td className={numberCell}>—</td>
  return (
    <td className={numberCell}>
      {formatVital(metric, figure.p75)}
      <span className="block text-xs text-ink/75">{`${vitalRating(metric, figure.p75)} · ${figure.samples.toLocaleString('en-US')} measured`}</span>
    </td>
  )
}

export default function SiteAnalytics({ loaderData: { siteName, report } }: Route.ComponentProps) {
  const period = `${formatLongDate(report.firstDay)} to ${formatLongDate(report.lastDay)} (UTC)`
  const totals = [
    ['Page views', report.totals.pageViews],
    ['Searches', report.totals.searches],
    ['Listing views', report.totals.listingViews],
    ['File downloads', report.totals.fileDownloads],
    ['Leads', report.totals.leads],
  ] as const
  return (
    <AccountPage current="My Account" heading="Site Analytics">
      <p className="text-ink/80">{`${siteName}, ${period}: what visitors' browsers reported, and the leads sellers received.`}</p>
      <ScrollRegion label="Last 30 days" className="mt-4 max-w-md">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="px-3 py-2 text-left font-semibold">Last 30 days</caption>
          <tbody>
            {totals.map(([label, count]) => (
              <tr key={label} className="border-t border-ink/10">
                <th scope="row" className="px-3 py-2 font-medium">
                  {label}
                </th>
                <td className={numberCell}>{count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <section aria-labelledby="page-types-heading" className="mt-8">
        <h2 id="page-types-heading" className="text-xl font-semibold">
          By page type
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-ink/80">
          {`Web vitals as visitors' browsers measured them: largest contentful paint (LCP), cumulative layout shift (CLS) and first contentful paint (FCP). Each is the 75th percentile of a day's page views, averaged over the days by how many page views measured it. ${vitalThresholdText}`}
        </p>
        {report.byPageType.length === 0 ? (
          <p className="mt-3">No page views yet.</p>
        ) : (
          <ScrollRegion label="Page views and web vitals by page type" className="mt-3">
            <table className="w-full border-collapse text-left text-sm">
              <ColumnHeadings headings={pageTypeColumns} numeric={pageTypeColumns.slice(1)} />
              <tbody>
                {report.byPageType.map((row) => (
                  <tr key={row.pageType} className="border-t border-ink/10">
                    <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                      {row.label}
                    </th>
                    <td className={numberCell}>{row.pageViews.toLocaleString('en-US')}</td>
                    {webVitals.map((metric) => (
                      <VitalCell key={metric} metric={metric} figure={row.vitals[metric]} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </AccountPage>
  )
}
