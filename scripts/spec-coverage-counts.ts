/**
 * npm run -s spec-coverage [-- --write]: prints the spec-coverage matrix's counts by section and
 * status (docs/spec-coverage.md, issue 17 §1); --write also puts them at the end of the matrix.
 */
import fs from 'node:fs'
import { countsTable, parseCoverage, withCounts } from './spec-coverage'

const matrixPath = 'docs/spec-coverage.md'
const markdown = fs.readFileSync(matrixPath, 'utf8')
const { rows, beyond, problems } = parseCoverage(markdown)
for (const problem of problems) console.error(`${matrixPath} ${problem}`)
console.log(countsTable(rows, beyond))
if (process.argv.includes('--write')) fs.writeFileSync(matrixPath, withCounts(markdown))
process.exitCode = problems.length > 0 ? 1 : 0
