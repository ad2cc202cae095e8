import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { timedCache } from '~/utils/timed-cache.server'
import { backtestValuations, summarise } from './valuation-backtest'
import { isRealSale, provenanceOf } from '~/models/listings/sale-price-source'
import { calibrationOf } from './valuation-coverage'
import { type ScoredOrigin, scoreRollingOrigins, summariseRolling } from './valuation-rolling'
import { loadCountyCentres, loadSales } from './valuation-sales.server'

/**
 * AcreWorth's published accuracy on a database (issue 16 §4): the backtest of its sold listings,
 * overall and by state with the states' names, in the states' alphabetical order, with the sources
 * of the sales it rests on and the real sales' figures of their own. Kept an hour,
 * not the model's ten minutes: the backtest fits a model and values a fifth of all sales (about
 * 2 s of computation at 100,000 listings), and figures over years of sales hardly move when a few
 * more arrive; an expired answer is still given while the next is computed (decision 0008). Only
 * the figures are kept, not the sales. The rolling evaluation refits the model at each of its eight
 * origins (decision 0059): between two refits the process answers other requests.
 */
const accuracyFigures = timedCache(60 * 60_000, async (db: Kysely<Database>, _key: 'accuracy') => {
  const [sales, gazetteer, countyCentres] = await Promise.all([loadSales(db), loadGazetteer(db), loadCountyCentres(db)])
  const backtest = backtestValuations(sales, countyCentres)
  if (!backtest) return undefined
  const { overall, byState } = summarise(backtest.rows)
  const realRows = backtest.rows.filter((row) => isRealSale(row.sale.source))
  const origins: ScoredOrigin[] = []
  for (const origin of scoreRollingOrigins(sales)) {
    origins.push(origin)
    await new Promise((resolve) => setImmediate(resolve))
  }
  const rolling = summariseRolling(origins)
  const stateNames = new Map(gazetteer.states.map((state) => [state.id, state.name]))
  return {
    cutoff: new Date(backtest.cutoff).toISOString(),
    trainingCount: backtest.trainingCount,
    heldOutCount: backtest.heldOutCount,
    provenance: provenanceOf(sales),
    /** The held-out sales a partner or a seller reported, measured on their own (issue 36 item 1); null while there are none. */
    realSales: realRows.length > 0 ? summarise(realRows).overall : null,
    overall,
    rolling: {
      origins: rolling.origins.map((origin) => ({ ...origin, origin: new Date(origin.origin).toISOString(), end: new Date(origin.end).toISOString() })),
      pooled: rolling.pooled,
    },
    calibration: calibrationOf(backtest.rows, backtest.cutoff, (stateId) => stateNames.get(stateId) ?? 'Unknown state'),
    /** How many out-of-sample checks before the cut-off each confidence label's range was measured on. */
    labelChecks: backtest.interval.checks,
    states: gazetteer.states.flatMap((state) => {
      const accuracy = byState.get(state.id)
      return accuracy ? [{ name: state.name, accuracy }] : []
    }),
  }
})

/** The latest accuracy figures; undefined while no land has sold. */
export const valuationAccuracy = (db: Kysely<Database>) => accuracyFigures(db, 'accuracy')
