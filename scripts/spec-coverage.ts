/**
 * Reads docs/spec-coverage.md, the spec-coverage matrix (issue 17 §1): one table per spec section,
 * one row per rule, `| # | Spec item | Status | Code | Test |`. Shared by `npm run spec-coverage`
 * (scripts/spec-coverage-counts.ts), which prints and writes the counts, and
 * tests/unit/spec-coverage.test.ts, which keeps the matrix well-formed.
 */

export const coverageStatuses = ['works', 'partly', 'decided otherwise', 'in progress', 'missing'] as const
export type CoverageStatus = (typeof coverageStatuses)[number]

/** How each status is written at the start of the Status cell; every one but 'works' goes on with a reason. */
const statusPrefixes: [CoverageStatus, RegExp][] = [
  ['works', /^works$/],
  ['partly', /^partly — \S/],
  ['decided otherwise', /^decided otherwise — \S/],
  ['in progress', /^missing — in progress \(issue \d+ §\d+[^)]*\)$/],
  ['missing', /^missing — \S/],
]

export interface CoverageRow {
  /** '2.14': the spec section, then the row's number within it. */
  id: string
  section: number
  item: string
  status: CoverageStatus
  code: string
  test: string
  /** 1-based line of the row in the file, for messages. */
  line: number
}

export interface TestReference {
  /** A test file, e.g. 'tests/unit/format.test.ts'. */
  file: string
  /** Words of test titles in that file, as quoted after '›'. */
  titles: string[]
}

/** '| 2.14 |' a spec section's row; '| B.3 |' a row of the features beyond the spec. */
const rowPattern = /^\| (?:(\d+)|B)\.(\d+) \|/
const testFilePattern = /`(tests\/(?:unit|integration|e2e)\/[\w.-]+\.test\.ts)`/

export function statusOf(text: string): CoverageStatus | undefined {
  return statusPrefixes.find(([, pattern]) => pattern.test(text))?.[0]
}

/** The matrix's rows (the spec's), the features beyond the spec, and what is wrong with the rows that do not parse. */
export function parseCoverage(markdown: string): { rows: CoverageRow[]; beyond: CoverageRow[]; problems: string[] } {
  const rows: CoverageRow[] = []
  const beyond: CoverageRow[] = []
  const problems: string[] = []
  markdown.split('\n').forEach((text, index) => {
    const match = rowPattern.exec(text)
    if (!match) return
    const line = index + 1
    // Cells are separated by ' | '; a '|' inside a cell is written '\|'.
    const cells = text
      .slice(1, -1)
      .split(/(?<!\\) \| /)
      .map((cell) => cell.trim())
    if (cells.length !== 5 || !text.endsWith(' |')) {
      problems.push(`line ${line}: a row has five cells, # | Spec item | Status | Code | Test`)
      return
    }
    const [id, item, statusText, code, test] = cells as [string, string, string, string, string]
    const status = statusOf(statusText)
    if (!status) {
      problems.push(`line ${line} (${id}): the status '${statusText.slice(0, 40)}' is none of ${coverageStatuses.join(', ')} (then ' — ' and why)`)
      return
    }
    if (match[1] === undefined) beyond.push({ id, section: 0, item, status, code, test, line })
    else rows.push({ id, section: Number(match[1]), item, status, code, test, line })
  })
  return { rows, beyond, problems }
}

/** The tests a Test cell names: `file` › "title words", "more title words"; … */
export function testReferences(testCell: string): TestReference[] {
  return testCell.split(/; /).flatMap((segment) => {
    const file = testFilePattern.exec(segment)?.[1]
    if (!file) return []
    const afterFile = segment.slice(segment.indexOf(file) + file.length)
    const titles = [...afterFile.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((quoted) => quoted[1]!.replaceAll('\\"', '"'))
    return [{ file, titles }]
  })
}

export type StatusCounts = Record<CoverageStatus, number>

const emptyCounts = (): StatusCounts => ({ works: 0, partly: 0, 'decided otherwise': 0, 'in progress': 0, missing: 0 })

export function countsBySection(rows: CoverageRow[]): Map<number, StatusCounts> {
  const bySection = new Map<number, StatusCounts>()
  for (const row of rows) {
    const counts = bySection.get(row.section) ?? emptyCounts()
    counts[row.status] += 1
    bySection.set(row.section, counts)
  }
  return new Map([...bySection].sort(([a], [b]) => a - b))
}

const columnHeadings: Record<CoverageStatus, string> = {
  works: 'works',
  partly: 'partly',
  'decided otherwise': 'decided otherwise',
  'in progress': 'missing — in progress',
  missing: 'missing',
}

/** The counts as a Markdown table: one line per section, then the totals, then the features beyond the spec. */
export function countsTable(rows: CoverageRow[], beyond: CoverageRow[]): string {
  const total = emptyCounts()
  const lines = [...countsBySection(rows)].map(([section, counts]) => {
    for (const status of coverageStatuses) total[status] += counts[status]
    return countsLine(`§${section}`, counts)
  })
  return [
    `| Section | ${coverageStatuses.map((status) => columnHeadings[status]).join(' | ')} | lines |`,
    `|---|${coverageStatuses.map(() => '---:').join('|')}|---:|`,
    ...lines,
    countsLine('**All**', total),
    countsLine('Beyond the spec', countsBySection(beyond).get(0) ?? emptyCounts()),
  ].join('\n')
}

function countsLine(label: string, counts: StatusCounts) {
  const sum = coverageStatuses.reduce((all, status) => all + counts[status], 0)
  return `| ${label} | ${coverageStatuses.map((status) => counts[status]).join(' | ')} | ${sum} |`
}

/** The comments around the counts at the end of the matrix, which `npm run spec-coverage -- --write` fills. */
export const countsMarkers = { start: '<!-- spec-coverage counts -->', end: '<!-- /spec-coverage counts -->' } as const

/** The counts block of the matrix as written, or undefined without its markers. */
export function writtenCounts(markdown: string): string | undefined {
  const start = markdown.indexOf(countsMarkers.start)
  const end = markdown.indexOf(countsMarkers.end)
  if (start < 0 || end < start) return undefined
  return markdown.slice(start + countsMarkers.start.length, end).trim()
}

/** The matrix with its counts block replaced by the counts of its tables. */
export function withCounts(markdown: string): string {
  const start = markdown.indexOf(countsMarkers.start)
  const end = markdown.indexOf(countsMarkers.end)
  if (start < 0 || end < start) throw new Error(`The matrix has no ${countsMarkers.start} … ${countsMarkers.end} block`)
  const { rows, beyond } = parseCoverage(markdown)
  const table = countsTable(rows, beyond)
  return `${markdown.slice(0, start + countsMarkers.start.length)}\n${table}\n${markdown.slice(end)}`
}
