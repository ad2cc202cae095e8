import type { ReactNode } from 'react'
import type { LandValueFigures, LandValuesPageData } from './page.server'
import { formatCount, formatDollars } from '~/utils/format'
import { useSiteOrigin } from '~/hooks/use-site'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { JsonLd, breadcrumbList } from '~/components/json-ld'
import { FigureCards } from '~/components/landing-market'
import { PriceTrendChart } from '~/components/price-trend-chart'
import { SalesProvenanceNote } from '~/components/sales-provenance'

/**
 * A land value page of AcreWorth (issue 16 §5): the place's figures, its price trend beside its
 * state's (or the country's), sales by year, the kinds of land sold, the land site's searches of
 * it, and a table of the places within, each linked. Plain HTML and a server-drawn chart: no script.
 */

const soldText = (perAcre: number | null) => (perAcre === null ? 'Too few sales' : formatDollars(perAcre))

function askingText(figures: LandValueFigures) {
  if (figures.askingPerAcre !== null) return formatDollars(figures.askingPerAcre)
  return figures.listings === 0 ? 'None for sale' : 'No asking prices'
}

const cell = 'px-3 py-2'
const numberCell = `${cell} text-right tabular-nums`

/** A table of the page, named by its caption, that scrolls on its own on a phone. */
function FigureTable({ caption, headings, numeric, children }: { caption: string; headings: string[]; numeric: string[]; children: ReactNode }) {
  return (
    <ScrollRegion label={caption} className="mt-3 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeadings headings={headings} numeric={numeric} />
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  )
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-brand">
        {heading}
      </h2>
      {children}
    </section>
  )
}

/** USDA's own state figures, told apart from the generated ones (issue 36 item 2). */
function UsdaFigures({ usda, isSeedPriced }: { usda: NonNullable<LandValuesPageData['usda']>; isSeedPriced: boolean }) {
  const byUse = [usda.cropland === null ? null : `cropland ${formatDollars(usda.cropland)}`, usda.pasture === null ? null : `pasture ${formatDollars(usda.pasture)}`]
    .filter(Boolean)
    .join(', ')
  return (
    <p className="mt-3 max-w-3xl">
      {`USDA’s own survey puts an acre of ${usda.stateName} farm real estate at ${formatDollars(usda.farmRealEstate)} on average in June ${usda.year}${byUse ? ` (${byUse})` : ''}: ${usda.survey}.`}
      {isSeedPriced ? ' The demonstration sales are priced around USDA’s state figures; how counties differ from their state, and every sale, is generated.' : ''}
    </p>
  )
}

export function LandValuesPage({ page }: { page: LandValuesPageData }) {
  const origin = useSiteOrigin()
  const { figures, placeName } = page
  const since = page.firstYear === null ? '' : ` since ${page.firstYear}`
  const [, parent] = page.chart.series
  const comparedWith = parent ? `, beside ${parent.label} as a whole` : ''
  return (
    <article aria-labelledby="land-values-heading" className="mx-auto max-w-6xl px-4 py-6">
      <JsonLd graph={[breadcrumbList(page.breadcrumbs, (path) => new URL(path, origin).href)]} />
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <h1 id="land-values-heading" className="mt-4 text-3xl font-bold text-brand">
        {page.title}
      </h1>
      <p className="mt-2 max-w-3xl">{`What land in ${placeName} sold for, from the sales recorded on our sites, and what the land for sale there asks today.`}</p>
      <SalesProvenanceNote provenance={page.salesProvenance} className="mt-3" />
      {page.usda ? <UsdaFigures usda={page.usda} isSeedPriced={page.salesProvenance.generated > 0} /> : null}
      {page.hasTooFewSales ? (
        <p className="mt-4 max-w-3xl rounded-md border border-ink/15 bg-white p-4 font-medium">
          {`Too few sales to say what land in ${placeName} is worth: only ${formatCount(figures.sales, 'sale')} on record${since}. What there is shows below${comparedWith}.`}
        </p>
      ) : null}
      <div className="mt-6">
        <FigureCards
          figures={[
            { label: 'Median sold price per acre, last 12 months', value: soldText(figures.recentSoldPerAcre), note: formatCount(figures.recentSales, 'sale') },
            { label: `Median sold price per acre${since}`, value: soldText(figures.soldPerAcre), note: formatCount(figures.sales, 'sale') },
            {
              label: 'Median asking price per acre',
              value: askingText(figures),
              note: `${formatCount(figures.listings, 'property', 'properties')} for sale`,
            },
          ]}
        />
      </div>
      <Section id="trend-heading" heading="How prices moved">
        <div className="mt-3 max-w-3xl">
          <PriceTrendChart title={page.chart.title} series={page.chart.series} />
        </div>
      </Section>
      <div className="grid gap-x-8 medium:grid-cols-2">
        <Section id="years-heading" heading="Sales by year">
          <FigureTable
            caption={`Sales of land in ${placeName} by year`}
            headings={['Year', 'Sales', 'Median price per acre']}
            numeric={['Sales', 'Median price per acre']}
          >
            {page.years.map((year) => (
              <tr key={year.year} className="border-t border-ink/10">
                <th scope="row" className={`${cell} font-medium`}>
                  {year.year}
                </th>
                <td className={numberCell}>{year.sales.toLocaleString('en-US')}</td>
                <td className={numberCell}>{soldText(year.perAcre)}</td>
              </tr>
            ))}
          </FigureTable>
        </Section>
        <Section id="types-heading" heading="The kinds of land sold">
          {page.topTypes.length === 0 ? (
            <p className="mt-3">{`No land has sold in ${placeName} yet.`}</p>
          ) : (
            <FigureTable
              caption={`The kinds of land sold most in ${placeName}`}
              headings={['Kind of land', 'Sales', 'Median price per acre', `For sale on ${page.landSiteName}`]}
              numeric={['Sales', 'Median price per acre']}
            >
              {page.topTypes.map((type) => (
                <tr key={type.key} className="border-t border-ink/10">
                  <th scope="row" className={`${cell} font-medium`}>
                    {type.label}
                  </th>
                  <td className={numberCell}>{type.sales.toLocaleString('en-US')}</td>
                  <td className={numberCell}>{soldText(type.perAcre)}</td>
                  <td className={cell}>
                    <a href={type.searchHref} className="font-medium text-brand underline">
                      {`${type.label} for sale in ${placeName}`}
                    </a>
                  </td>
                </tr>
              ))}
            </FigureTable>
          )}
        </Section>
      </div>
      <Section id="searches-heading" heading={`Land in ${placeName} on ${page.landSiteName}`}>
        <ul className="mt-3 space-y-1">
          {page.searches.map((search) => (
            <li key={search.href}>
              <a href={search.href} className="font-medium text-brand underline">
                {search.label}
              </a>
            </li>
          ))}
        </ul>
      </Section>
      {page.childGroups.map((group, index) => (
        <Section key={group.heading} id={`places-heading-${index}`} heading={group.heading}>
          <FigureTable
            caption={`${group.heading}: sales, and sold and asking prices per acre`}
            headings={['Place', `Sales${since}`, 'Median sold price per acre', 'Median asking price per acre', 'For sale']}
            numeric={[`Sales${since}`, 'Median sold price per acre', 'Median asking price per acre', 'For sale']}
          >
            {group.places.map((place) => (
              <tr key={place.name} className="border-t border-ink/10">
                <th scope="row" className={`${cell} font-medium`}>
                  {place.href === null ? (
                    place.name
                  ) : (
                    <a href={place.href} className="text-brand underline">
                      {place.name}
                    </a>
                  )}
                </th>
                <td className={numberCell}>{place.sales.toLocaleString('en-US')}</td>
                <td className={numberCell}>{soldText(place.soldPerAcre)}</td>
                <td className={numberCell}>{askingText(place)}</td>
                <td className={numberCell}>{place.listings.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </FigureTable>
        </Section>
      ))}
    </article>
  )
}
