import type { Kysely } from 'kysely'
import { redirect } from 'react-router'
import type { Database } from '~/models/db/db-schema'
import { valuationAccuracy } from '~/models/valuation/valuation-accuracy.server'
import { valuationAccuracyPath } from '~/models/valuation/valuation-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requestIsForPath } from '~/http/requested-path.server'

/** Fewer held-out sales than this say too little about a state to publish its own figures. */
const minimumStateSales = 20

/**
 * 'How accurate is AcreWorth?' (issue 16 §4): the latest backtest, overall and for the states with
 * enough later sales. Only the valuation site (`features.valuation`) has the page.
 */
export async function loadValuationAccuracy(db: Kysely<Database>, site: SiteProfile, request: Request) {
  if (!site.features.valuation) throw new Response('Not Found', { status: 404 })
  if (!requestIsForPath(request, valuationAccuracyPath)) throw redirect(valuationAccuracyPath, 301)
  const figures = await valuationAccuracy(db)
  return {
    title: `How accurate is ${site.name}? | ${site.name}`,
    description: `How close ${site.name}'s estimates come to the prices land sold for, tested on later sales state by state, next to the county and state median prices per acre.`,
    minimumStateSales,
    figures: figures && { ...figures, states: figures.states.filter((state) => state.accuracy.sales >= minimumStateSales) },
  }
}
