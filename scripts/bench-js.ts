/**
 * `npm run bench:js`: the JavaScript of one page of every page type on every site, read
 * from the production build as it stands (it builds nothing: run `npm run build` first). Each page
 * is requested through the build's own request handler over the benchmark database, and the
 * scripts its HTML preloads and imports are weighed in KB gzip: those of the first view, and the
 * framework's, fetched once the page has loaded (decision 0013). Quality bar: ≤ 100 KB a page at
 * first view; a page over it is flagged and the run exits 1. `--detail` lists every page's scripts.
 * `--baseline DIR` weighs another checkout's build too (built there first) and adds its figures
 * beside these, with the share of this build's after-load weight in the baseline's.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import SQLite from 'better-sqlite3'
import { type BenchPage, benchPages, demoBuyerCookie } from './bench-pages'
import { benchDataDir, pageJavaScriptKilobytes, prepareBenchDatabase, productionBuildPath, productionRequestHandler } from './bench-support'

const budgetKilobytes = 100
const { values: options } = parseArgs({ options: { detail: { type: 'boolean' }, baseline: { type: 'string' } } })
const showDetail = options.detail === true

if (!fs.existsSync(productionBuildPath)) {
  console.error('No production build: run `npm run build` first.')
  process.exit(1)
}
prepareBenchDatabase()
const database = new SQLite(path.join(benchDataDir, 'marketplace.db'), { readonly: true })
const pages = benchPages(database)
database.close()

type Weight = ReturnType<typeof pageJavaScriptKilobytes>['firstView']
interface Row {
  page: BenchPage
  firstView: Weight
  afterLoad: Weight
  route: string
}

/** Every page's scripts as the build in `buildFolder` (its server and browser parts) serves them. */
async function weighPages(buildFolder: string) {
  const handle = await productionRequestHandler(path.join(buildFolder, 'server/index.js'))
  const rows: Row[] = []
  const cookies = new Map<string, string>()
  for (const page of pages) {
    const { site } = page
    if (page.isPrivate && !cookies.has(site.key)) cookies.set(site.key, await demoBuyerCookie(handle, site))
    const response = await handle(site.devHost, page.path, { headers: page.isPrivate ? { cookie: cookies.get(site.key)! } : {} })
    const html = await response.text()
    if (response.status !== (page.status ?? 200)) throw new Error(`${site.devHost}${page.path} answered ${response.status}`)
    const { firstView, afterLoad } = pageJavaScriptKilobytes(html, path.join(buildFolder, 'client'))
    // The page's own route module is the last in React Router's list of matched routes.
    const route = [...html.matchAll(/"([^"]+)":route\d+/g)].at(-1)?.[1] ?? '?'
    rows.push({ page, firstView, afterLoad, route })
  }
  return rows
}

const baselineRows = options.baseline ? await weighPages(path.resolve(options.baseline, 'build')) : undefined
const rows = await weighPages(path.dirname(path.dirname(productionBuildPath)))
for (const { page, firstView, afterLoad } of showDetail ? rows : []) {
  console.log(`${page.site.key} ${page.name} ${page.path}`)
  for (const [when, weight] of [
    ['first view', firstView],
    ['after load', afterLoad],
  ] as const) {
    for (const script of weight.scripts.sort((a, b) => b.kilobytes - a.kilobytes))
      console.log(`  ${when}  ${script.kilobytes.toFixed(1).padStart(6)}  ${script.src}`)
  }
}

const overBudget = rows.filter((row) => row.firstView.kilobytes > budgetKilobytes)
console.log(`JavaScript per page, KB gzip: at first view (budget ${budgetKilobytes}) and after load`)
const baselineHeader = baselineRows ? `${'base 1st'.padStart(9)}${'after'.padStart(7)}${'share'.padStart(8)}` : ''
console.log(
  `${'site'.padEnd(8)}${'page'.padEnd(18)}${'first'.padStart(7)}${'files'.padStart(7)}${'after'.padStart(7)}${'files'.padStart(7)}${baselineHeader}  ${'route'.padEnd(30)}url`,
)
rows.forEach(({ page, firstView, afterLoad, route }, index) => {
  const flag = firstView.kilobytes > budgetKilobytes ? '  OVER BUDGET' : ''
  const columns = [firstView.kilobytes.toFixed(1), firstView.files, afterLoad.kilobytes.toFixed(1), afterLoad.files]
    .map((value) => String(value).padStart(7))
    .join('')
  const baseline = baselineRows?.[index]
  const baselineColumns = baseline
    ? `${baseline.firstView.kilobytes.toFixed(1).padStart(9)}${baseline.afterLoad.kilobytes.toFixed(1).padStart(7)}${`${((afterLoad.kilobytes / baseline.afterLoad.kilobytes) * 100).toFixed(1)} %`.padStart(8)}`
    : ''
  console.log(`${page.site.key.padEnd(8)}${page.name.padEnd(18)}${columns}${baselineColumns}  ${route.padEnd(30)}${page.path}${flag}`)
})
const afterLoadRange = rows.map((row) => row.afterLoad.kilobytes).sort((a, b) => a - b)
console.log(`after load: ${afterLoadRange[0]!.toFixed(1)}–${afterLoadRange.at(-1)!.toFixed(1)} KB a page`)
console.log(
  overBudget.length
    ? `${overBudget.length} of ${rows.length} pages over ${budgetKilobytes} KB at first view`
    : `all ${rows.length} pages within ${budgetKilobytes} KB at first view`,
)
process.exit(overBudget.length ? 1 : 0)
