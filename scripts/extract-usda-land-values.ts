/**
 * Writes app/data/usda-land-values.json, the state land values the seed prices its market from
 * (issue 36 item 2, app/data/README.md), from USDA NASS's figures as kept in the shared data:
 * `npx tsx scripts/extract-usda-land-values.ts [csv]` (default
 * ../shared/data/usda-land-values/state-land-value-per-acre.csv). Whole dollars an acre, exactly as
 * published; a figure the source lacks stays null, never estimated.
 */
import fs from 'node:fs'

const source = process.argv[2] ?? '../shared/data/usda-land-values/state-land-value-per-acre.csv'
const target = 'app/data/usda-land-values.json'
const expectedHeader = 'state_fips,state,year,farm_real_estate_usd_per_acre,cropland_usd_per_acre,pasture_usd_per_acre,source'

const [header, ...lines] = fs.readFileSync(source, 'utf8').trim().split(/\r?\n/)
if (header !== expectedHeader) throw new Error(`Unexpected columns in ${source}: ${header}`)
const dollarsOrNull = (text: string | undefined) => (text ? Number(text) : null)
const rows = lines.map((line) => {
  const [stateFips, state, year, farmRealEstate, cropland, pasture] = line.split(',')
  return { stateFips, state, year: Number(year), farmRealEstate: dollarsOrNull(farmRealEstate), cropland: dollarsOrNull(cropland), pasture: dollarsOrNull(pasture) }
})
const data = {
  source:
    'USDA National Agricultural Statistics Service (NASS), Land Values 2024 Summary (August 2024) and Land Values 2025 Summary (August 2025), via NASS Quick Stats (https://quickstats.nass.usda.gov/): farm real estate (land and buildings), cropland and pasture, average value per acre. Public domain.',
  rows,
}
fs.writeFileSync(target, `${JSON.stringify(data, null, 1)}\n`)
console.log(`Wrote ${rows.length} state-years to ${target}`)
