import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { countsTable, parseCoverage, testReferences, writtenCounts } from '../../scripts/spec-coverage'

/**
 * The spec-coverage matrix (docs/spec-coverage.md, issue 17 §1) stays readable and true to the
 * tests: every line parses, every 'works' line names a test that exists, and the counts at its
 * end are its tables' counts.
 */
const markdown = fs.readFileSync('docs/spec-coverage.md', 'utf8')
const { rows, beyond, problems } = parseCoverage(markdown)

/** Test titles as a reader quotes them: straight quotes, no source escapes. */
const plainQuotes = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\\(['"`])/g, '$1')
const sources = new Map<string, string>()
function sourceOf(file: string) {
  if (!sources.has(file)) sources.set(file, plainQuotes(fs.readFileSync(file, 'utf8')))
  return sources.get(file)!
}

describe('the spec-coverage matrix', () => {
  test('every line of its tables parses: five cells and one of the five statuses, with its reason', () => {
    expect(problems).toEqual([])
    expect(rows.length).toBeGreaterThan(200)
  })

  test('covers the spec sections §1 to §9 in order, each line numbered once and in turn', () => {
    expect([...new Set(rows.map((row) => row.section))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    for (const section of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const ids = rows.filter((row) => row.section === section).map((row) => row.id)
      expect(ids, `§${section}`).toEqual(ids.map((_id, index) => `${section}.${index + 1}`))
    }
  })

  test('numbers the features beyond the spec B.1, B.2, … in turn', () => {
    expect(beyond.map((row) => row.id)).toEqual(beyond.map((_row, index) => `B.${index + 1}`))
  })

  test("every 'works' line names a test", () => {
    const untested = [...rows, ...beyond].filter((row) => row.status === 'works' && testReferences(row.test).length === 0).map((row) => row.id)
    expect(untested).toEqual([])
  })

  test('every test it names exists, and so do the words of each title it quotes', () => {
    const unknown = [...rows, ...beyond].flatMap((row) =>
      testReferences(row.test).flatMap(({ file, titles }) => {
        if (!fs.existsSync(file)) return [`${row.id}: ${file}`]
        // '…' in a quoted title stands for words left out.
        const isInFile = (title: string) =>
          plainQuotes(title)
            .split('…')
            .every((words) => sourceOf(file).includes(words.trim()))
        return titles.filter((title) => !isInFile(title)).map((title) => `${row.id}: ${file} › "${title}"`)
      }),
    )
    expect(unknown).toEqual([])
  })

  test('the counts at its end are the counts of its tables (npm run spec-coverage -- --write)', () => {
    expect(writtenCounts(markdown)).toBe(countsTable(rows, beyond))
  })
})
