import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { timedCache } from '~/utils/timed-cache.server'
import { backtestValuations, summarise } from './valuation-backtest'
import { isRealSale, provenanceOf } from '~/models/listings/sale-price-source'
import { loadSales } from './valuation-sales.server'

/**
 * AcreWorth's published accuracy on a database (issue 16 §4): the backtest of its sold listings,
 * overall and by state with the states' names, in the states' alphabetical order, with the sources
 * of the sales it rests on and the real sales' figures of their own. Kept an hour,
 * not the model's ten minutes: the backtest fits a model and values a fifth of all sales (about
 * 2 s of computation at 100,000 listings), and figures over years of sales hardly move when a few
 * more arrive; an expired answer is still given while the next is computed (decision 0008). Only
 * the figures are kept, not the sales.
 */
const accuracyFigures = timedCache(60 * 60_000, async (db: Kysely<Database>, _key: 'accuracy') => {
  const [sales, gazetteer] = await Promise.all([loadSales(db), loadGazetteer(db)])
  const backtest = backtestValuations(sales)
  if (!backtest) return undefined
  const { overall, byState } = summarise(backtest.rows)
  const realRows = backtest.rows.filter((row) => isRealSale(row.sale.source))
  return {
    cutoff: new Date(backtest.cutoff).toISOString(),
    trainingCount: backtest.trainingCount,
    heldOutCount: backtest.heldOutCount,
    provenance: provenanceOf(sales),
    /** The held-out sales a partner or a seller reported, measured on their own (issue 36 item 1); null while there are none. */
    realSales: realRows.length > 0 ? summarise(realRows).overall : null,
    overall,
    states: gazetteer.states.flatMap((state) => {
      const accuracy = byState.get(state.id)
      return accuracy ? [{ name: state.name, accuracy }] : []
    }),
  }
})

/** The latest accuracy figures; undefined while no land has sold. */
export const valuationAccuracy = (db: Kysely<Database>) => accuracyFigures(db, 'accuracy')
