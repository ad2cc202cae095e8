import { formatCount } from '~/utils/format'

/**
 * Where a sold listing's price came from (issue 36 item 1): `generated` by this site's seed (the
 * demonstration market, and the demo partner's feed), a partner's `feed` (a sold record with its
 * price), or the `seller` marking the listing sold with its price. Figures drawn from sales say on
 * which kind they rest.
 */
export const salePriceSources = ['generated', 'feed', 'seller'] as const

export type SalePriceSource = (typeof salePriceSources)[number]

/** How many sales of each source a figure rests on. */
export type SalesProvenance = Record<SalePriceSource, number>

/** Sales reported by a partner or a seller: real transactions, as far as the site can know. */
export const isRealSale = (source: SalePriceSource) => source !== 'generated'

/** How many sales of each source there are among `sales`. */
export function provenanceOf(sales: readonly { source: SalePriceSource }[]): SalesProvenance {
  const provenance: SalesProvenance = { generated: 0, feed: 0, seller: 0 }
  for (const sale of sales) provenance[sale.source] += 1
  return provenance
}

const reportedBy = { feed: 'reported by partner feeds', seller: 'reported by sellers' } as const

/**
 * On which kind of sales a figure rests, in plain words (issue 36 item 1): no figure drawn from
 * the seed's demonstration sales may pass for one drawn from real transactions. Undefined without sales.
 */
export function salesProvenanceSentence(provenance: SalesProvenance): string | undefined {
  const realSources = salePriceSources.filter(isRealSale)
  const real = realSources.flatMap((source) => (provenance[source] > 0 ? [`${provenance[source].toLocaleString('en-US')} ${reportedBy[source]}`] : []))
  const realCount = realSources.reduce((sum, source) => sum + provenance[source], 0)
  if (realCount === 0)
    return provenance.generated > 0 ? 'These figures come from demonstration sales generated for this site, not from real transactions.' : undefined
  const realPart = `${formatCount(realCount, 'real sale')} (${real.join(', ')})`
  if (provenance.generated === 0) return `These figures come from ${realPart}.`
  return `These figures come from ${realPart} and ${formatCount(provenance.generated, 'demonstration sale')} generated for this site, which are not real transactions.`
}
