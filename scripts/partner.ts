/**
 * Staff commands for partners:
 *   npm run partner -- feed --name "Hill Country Land" --account 12 [--url https://…/feed.xml] [--format xml|csv]
 *                          [--interval 1440] [--grace 24] [--finance-center 3]
 *   npm run partner -- webhook --finance-center 3 --url https://lender.example/leads
 * The first adds a feed partner (then `npm run feed:import -- --partner <id> <file>` or a pulled
 * URL); the second sets a lender's finance-lead webhook and prints its signing secret, once.
 */
import { parseArgs } from 'node:util'
import { migrateToLatest, openDatabase } from '~/models/db/db.server'
import { addFeedPartner, setLeadWebhook } from '~/models/feeds/feed-partners.server'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    account: { type: 'string' },
    url: { type: 'string' },
    format: { type: 'string' },
    interval: { type: 'string' },
    grace: { type: 'string' },
    'finance-center': { type: 'string' },
  },
})
const optionalNumber = (text: string | undefined) => (text === undefined ? undefined : Number(text))

const db = openDatabase()
try {
  await migrateToLatest(db)
  if (positionals[0] === 'feed') {
    const format = values.format ?? 'xml'
    if (format !== 'xml' && format !== 'csv') throw new Error('The format is xml or csv.')
    const id = await addFeedPartner(db, {
      name: values.name ?? '',
      accountId: Number(values.account),
      feedUrl: values.url,
      format,
      pullIntervalMinutes: optionalNumber(values.interval),
      graceHours: optionalNumber(values.grace),
      financeCenterId: optionalNumber(values['finance-center']),
    })
    console.log(`Feed partner ${id} added.`)
  } else if (positionals[0] === 'webhook' && values.url) {
    const secret = await setLeadWebhook(db, Number(values['finance-center']), values.url)
    console.log(
      `Leads of finance center ${values['finance-center']} are now posted to ${values.url}.\nSigning secret (give it to the lender; it is not shown again): ${secret}`,
    )
  } else {
    throw new Error('Usage: npm run partner -- feed --name … --account … | webhook --finance-center … --url …')
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.destroy()
}
