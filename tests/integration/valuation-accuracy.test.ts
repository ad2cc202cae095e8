import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createKysely } from '~/models/db/dialect.server'
import { type Accuracy, type MethodAccuracy, backtestValuations, summarise } from '~/models/valuation/valuation-backtest'
import { loadCountyCentres, loadSales } from '~/models/valuation/valuation-sales.server'
import { calibrationOf } from '~/models/valuation/valuation-coverage'
import type { Interval } from '~/models/valuation/valuation-ratio-study'
import { scoreRollingOrigins, summariseRolling } from '~/models/valuation/valuation-rolling'
import { formatLongDate, formatPercent } from '~/utils/format'
import { indexableRobots } from '~/utils/page-meta'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'

/**
 * 'How accurate is AcreWorth?' (issue 16 §4): the figures the page shows are those the backtest
 * module gives on the same sold listings, computed here again, not copied by hand.
 */
const { fetchPage } = productionPages()
const modelDb = createKysely({ sqliteFile: path.join(process.env.TEST_DATA_DIR ?? process.env.DATA_DIR ?? '.test-data', 'marketplace.db') })
afterAll(() => modelDb.destroy())

const host = 'value.localhost'
const get = (pagePath: string, pageHost = host) => fetchPage(pageHost, pagePath, { redirect: 'manual' })
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ')

const percentOrDash = (share: number | undefined) => (share === undefined ? '–' : formatPercent(share))

/** A row of the table of all states as the page's text reads: the estimate, then its figures. */
const methodRow = (heading: string, method: MethodAccuracy, coverage: string) =>
  [
    heading,
    method.valued.toLocaleString('en-US'),
    formatPercent(method.medianError),
    formatPercent(method.withinTenPercent),
    formatPercent(method.withinTwentyPercent),
    coverage,
  ].join(' ')

/** A row of the table by state: the state, its sales, the model's figures and the baselines' median errors. */
const stateRow = (name: string, { sales, model, hedonic, nearestComparables, countyMedian, stateMedian }: Accuracy) =>
  [
    name,
    sales.toLocaleString('en-US'),
    ...[
      model?.medianError,
      model?.withinTenPercent,
      model?.withinTwentyPercent,
      model?.intervalCoverage,
      hedonic?.medianError,
      nearestComparables?.medianError,
      countyMedian?.medianError,
      stateMedian?.medianError,
    ].map(percentOrDash),
  ].join(' ')

async function expectedFigures() {
  const sales = await loadSales(modelDb)
  const backtest = backtestValuations(sales, await loadCountyCentres(modelDb))!
  const states = await modelDb.selectFrom('states').select(['id', 'name']).execute()
  return { sales, backtest, ...summarise(backtest.rows), stateNames: new Map(states.map((state) => [state.id, state.name])) }
}

/** A figure with its 95 % interval as the page writes it. */
const withInterval = (figure: Interval, format: (value: number) => string) => `${format(figure.value)} (${format(figure.low)} to ${format(figure.high)})`
/** The text of the table whose caption starts with `caption`; empty when there is none. */
const tableText = (html: string, caption: string) => {
  const start = html.indexOf(`>${caption}`)
  return start < 0 ? '' : textOf(html.slice(start, html.indexOf('</table>', start)))
}

describe('How accurate is AcreWorth?', () => {
  test('is an indexable page on AcreWorth with its title, description and canonical address', async () => {
    const response = await get('/value/accuracy/')
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(html).toContain('<title>How accurate is AcreWorth? | AcreWorth</title>')
    expect(metaContent(html, 'description')).toContain("How close AcreWorth's estimates come to the prices land sold for")
    expect(metaContent(html, 'robots')).toBe(indexableRobots)
    expect(canonicalHref(html)).toBe('http://value.localhost/value/accuracy/')
  })

  test('shows the backtest of the same sales: the split, the model, the fair baselines and the rules of thumb over all states, and the lift', async () => {
    const { backtest, overall } = await expectedFigures()
    const page = textOf(decodeEntities(await (await get('/value/accuracy/')).text()))
    const cutoff = formatLongDate(new Date(backtest.cutoff).toISOString())
    expect(page).toContain(`fitted on the ${backtest.trainingCount.toLocaleString('en-US')} sales before ${cutoff}`)
    expect(page).toContain(`each of the ${backtest.heldOutCount.toLocaleString('en-US')} sales since is then valued as if it were unsold`)
    expect(page).toContain(methodRow('AcreWorth', overall.model!, formatPercent(overall.model!.intervalCoverage)))
    expect(page).toContain(methodRow('County median × acres', overall.countyMedian!, 'No range'))
    expect(page).toContain(methodRow('State median × acres', overall.stateMedian!, 'No range'))
    // Issue 36 item 3: the fair baselines, fitted on the same sales, and the model's lift over the better one with its interval.
    expect(page).toContain(methodRow('Hedonic regression', overall.hedonic!, 'No range'))
    expect(page).toContain(methodRow('Nearest 8 sales of the same use, unadjusted', overall.nearestComparables!, 'No range'))
    const lift = overall.lift!
    expect(page).toContain(`On the ${lift.sales.toLocaleString('en-US')} sales that AcreWorth and both fair baselines valued`)
    expect(page).toContain(`than the better baseline’s, the ${lift.baseline} (${formatPercent(lift.baselineError)} against ${formatPercent(lift.modelError)})`)
  })

  test('shows the model on the same sales typed without a point, then without a point or a use (issue 36 item 6)', async () => {
    const { overall } = await expectedFigures()
    const page = textOf(decodeEntities(await (await get('/value/accuracy/')).text()))
    expect(page).toContain(methodRow('AcreWorth, typed without a point', overall.withoutPoint!, formatPercent(overall.withoutPoint!.intervalCoverage)))
    expect(page).toContain(methodRow('AcreWorth, without a point or a use', overall.withoutPointOrUse!, formatPercent(overall.withoutPointOrUse!.intervalCoverage)))
  })

  test('shows the rolling evaluation: each quarter and all quarters pooled, for the model and both fair baselines, with COD, PRD and intervals (issue 36 item 4)', async () => {
    const { sales } = await expectedFigures()
    const { origins, pooled } = summariseRolling([...scoreRollingOrigins(sales)])
    expect(origins.length).toBeGreaterThanOrEqual(6)
    const html = decodeEntities(await (await get('/value/accuracy/')).text())
    const tables = [
      ['AcreWorth: the sales of each quarter since', (figures: typeof pooled) => figures.model],
      ['Hedonic regression: the same sales', (figures: typeof pooled) => figures.hedonic],
      ['Nearest 8 sales of the same use, unadjusted: the same sales', (figures: typeof pooled) => figures.nearestComparables],
    ] as const
    for (const [caption, pick] of tables) {
      const table = tableText(html, caption)
      expect(table, caption).not.toBe('')
      const rowOf = (heading: string, fittedOn: string, figures: typeof pooled) => {
        const study = pick(figures)!
        return [
          heading,
          fittedOn,
          study.sales.toLocaleString('en-US'),
          withInterval(study.medianError, formatPercent),
          withInterval(study.withinTenPercent, formatPercent),
          withInterval(study.withinTwentyPercent, formatPercent),
          withInterval(study.dispersion, (value) => value.toFixed(1)),
          withInterval(study.priceRelatedDifferential, (value) => value.toFixed(2)),
        ].join(' ')
      }
      for (const origin of origins)
        expect(table).toContain(rowOf(`From ${formatLongDate(new Date(origin.origin).toISOString())}`, origin.trainingCount.toLocaleString('en-US'), origin))
      expect(table).toContain(rowOf('All quarters', '–', pooled))
    }
  })

  test("shows how often the 80 % range held the price by label, use, size, house, distance and horizon, where the prices fell in the estimates' spreads, and whether the targets are met (issue 36 item 5)", async () => {
    const { backtest, stateNames } = await expectedFigures()
    const calibration = calibrationOf(backtest.rows, backtest.cutoff, (stateId) => stateNames.get(stateId)!)!
    const html = decodeEntities(await (await get('/value/accuracy/')).text())
    const since = `the ${calibration.sales.toLocaleString('en-US')} sales since ${formatLongDate(new Date(backtest.cutoff).toISOString())}`
    expect(calibration.dimensions.map((dimension) => dimension.name)).toEqual([
      'Confidence label',
      'Use',
      'Size',
      'House',
      'Median distance of the comparables',
      'Time since the cut-off',
    ])
    for (const dimension of calibration.dimensions) {
      const table = tableText(html, `The 80 % range by ${dimension.name.toLowerCase()}: ${since}`)
      expect(table, dimension.name).not.toBe('')
      for (const group of dimension.groups)
        expect(table).toContain(`${group.label} ${group.sales.toLocaleString('en-US')} ${formatPercent(group.coverage)} ${formatPercent(group.medianError)}`)
    }
    const deciles = tableText(html, `Where the price fell in each estimate’s spread of likely prices: ${since}`)
    expect(deciles).toContain(`Share of the sales ${calibration.probabilityDeciles.map(formatPercent).join(' ')}`)
    const page = textOf(html)
    expect(page).toContain(`each label’s range holds 80 ± 4 % of its sales — ${calibration.targets.labels.isMet ? 'met' : 'not met'}`)
    expect(page).toContain('The confidence labels are set from measured error, not by hand.')
  })

  test('shows each state with enough later sales, and only those, with its figures', async () => {
    const { byState, stateNames } = await expectedFigures()
    const html = decodeEntities(await (await get('/value/accuracy/')).text())
    const table = html.slice(html.indexOf('aria-label="Accuracy by state"'), html.indexOf('</table>', html.indexOf('aria-label="Accuracy by state"')))
    const minimum = Number(/at least (\d+) sales since/.exec(table)?.[1])
    expect(minimum).toBeGreaterThan(0)
    const shown = [...byState].filter(([, accuracy]) => accuracy.sales >= minimum).map(([stateId, accuracy]) => ({ name: stateNames.get(stateId)!, accuracy }))
    expect(shown.length).toBeGreaterThan(0)
    expect([...table.matchAll(/<th scope="row"[^>]*>([^<]+)</g)].map((match) => match[1])).toEqual(shown.map((state) => state.name).sort())
    for (const { name, accuracy } of shown) expect(textOf(table)).toContain(stateRow(name, accuracy))
  })

  test('its address without the slash is sent to the canonical one, and another site has no such page', async () => {
    const response = await fetchPage(host, '/value/accuracy', { redirect: 'manual', headers: { accept: 'text/html' } })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/value/accuracy/')
    expect((await get('/value/accuracy/', 'land.localhost')).status).toBe(404)
  })

  test('the accuracy page, a valuation and a land value page say their figures rest on generated demonstration sales, and none calls them real', async () => {
    const sources = await modelDb.selectFrom('listings').select('sale_price_source').distinct().where('sales_price', 'is not', null).execute()
    // The test database holds the seed's sales and the demo partner's, all generated (migration 0035).
    expect(sources.map((row) => row.sale_price_source)).toEqual(['generated'])
    for (const pagePath of ['/value/accuracy/', '/value/texas/travis-county/40-acres/recreational-land/lat30.2672/long-97.7431/', '/land-values/texas/']) {
      const page = textOf(decodeEntities(await (await get(pagePath)).text()))
      expect(page, pagePath).toContain('These figures come from demonstration sales generated for this site, not from real transactions.')
      expect(page, pagePath).not.toMatch(/real sales|land that has sold\./)
    }
  })

  test("is linked from AcreWorth's home page, beside the valuation form", async () => {
    expect(await (await get('/')).text()).toMatch(/<\/form><a href="\/value\/accuracy\/"[^>]*>How accurate is AcreWorth\?<\/a>/)
  })
})
