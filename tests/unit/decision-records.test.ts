import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const folder = 'docs/decisions'
const records = fs.readdirSync(folder).filter((name) => name.endsWith('.md'))

/** A newcomer reading a record needs to know whether it still holds, and since when (issue 35). */
test.each(records)('%s is numbered as its file, and says its status and date', (name) => {
  const [title = '', , status = ''] = fs.readFileSync(path.join(folder, name), 'utf8').split('\n')
  expect(title).toMatch(new RegExp(`^# ${name.slice(0, 4)} \\S`))
  expect(status).toMatch(/^Status: (proposed|accepted|superseded by \d{4}|deprecated), 20\d\d-\d\d-\d\d\b/)
})
