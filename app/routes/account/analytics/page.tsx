import { AccountPage } from '~/components/account-page'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { type WebVital, webVitals } from '~/models/analytics/page-analytics'
import type { VitalFigure } from '~/models/analytics/analytics-report.server'
import { formatVital, vitalRating, vitalThresholdText } from '~/models/analytics/web-vital-ratings'
import { formatLongDate } from '~/utils/format'
import type { Route } from './+types/route'

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

export function SiteAnalytics({ loaderData: { siteName, report } }: Route.ComponentProps) {
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
