import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { createKysely } from '~/models/db/dialect.server'
import { importFeed } from '~/models/feeds/feed-import.server'
import { createPhotoFetcher } from '~/models/feeds/feed-photos.server'
import { feedRunRecords } from '~/models/feeds/feed-report.server'
import { postLeadWebhook } from '~/models/finance/lead-webhook-request.server'
import { createOutboundFetch, outboundFetch } from '~/models/net/outbound-fetch.server'
import type { AuditedServer, CheckOutcome, SecurityCheck } from './check'

/**
 * SSRF targets through a feed (issue 33, finding 4; decision 0048): the feed importer, the photo
 * fetcher and the lender webhook, run in this process on the audited server's database as the
 * scheduler and the jobs run them, aimed at a receiver on 127.0.0.1, the metadata address, [::1]
 * and a redirect to loopback. A check passes when the request is refused with a generic reason
 * that names no address, port, status or socket error, and nothing reached the receiver.
 */

/** What a partner's report must not show: a socket error, an IP address, a port or an HTTP status. */
const leakPattern = /E[A-Z]{4,}|\d+\.\d+\.\d+\.\d+|\[?::1\]?|:\d{2,5}\b|\b[1-5]\d\d\b/

interface Receiver {
  port: number
  /** The paths asked of it, in order. */
  requested: string[]
}

/** A database of the audited server's, a feed partner of its own, and a receiver on loopback that counts what reaches it. */
async function withTargets(server: AuditedServer, audit: (db: Kysely<Database>, partnerId: number, receiver: Receiver) => Promise<CheckOutcome>) {
  const requested: string[] = []
  const receiver = http.createServer((request, response) => {
    requested.push(request.url ?? '')
    const redirect = /^\/moved\?to=(.*)$/.exec(request.url ?? '')
    if (redirect) return response.writeHead(302, { Location: decodeURIComponent(redirect[1]!) }).end()
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('internal secret')
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const db = createKysely({ sqliteFile: path.join(server.dataDir, 'marketplace.db') })
  const warn = console.warn
  // The causes the importer logs are the server's own business; the audit prints only its lines.
  console.warn = () => {}
  try {
    const { id: accountId } = await db.selectFrom('accounts').select('id').orderBy('id').executeTakeFirstOrThrow()
    const { id: partnerId } = await db
      .insertInto('feed_partners')
      .values({ name: 'Security audit partner', account_id: accountId, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    return await audit(db, partnerId, { port: (receiver.address() as AddressInfo).port, requested })
  } finally {
    console.warn = warn
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
    await db.destroy()
  }
}

/** A scheduled pull of `feedUrl` (the scheduler passes only the partner id and its URL), with the guard as given. */
function feedUrlCheck(name: string, feedUrl: (receiver: Receiver) => string, guard = outboundFetch): SecurityCheck {
  return {
    name,
    run: (server) =>
      withTargets(server, async (db, partnerId, receiver) => {
        const url = feedUrl(receiver)
        const photoFetcher = createPhotoFetcher({ dataDir: server.dataDir })
        const run = await importFeed(db, { partnerId, source: url, photoFetcher, outboundFetch: guard, fetchTimeoutMs: 5_000 })
        const report = `${run.errorCode}: ${run.errorDetail}`
        const pass =
          run.errorCode === 'FEED_URL_REFUSED' && !leakPattern.test(run.errorDetail ?? '') && !receiver.requested.some((asked) => !asked.startsWith('/moved'))
        return { pass, detail: `${url} → report "${report}", receiver asked for ${JSON.stringify(receiver.requested)}` }
      }),
  }
}

/** A feed of one good record whose photos are the SSRF targets, read from a file as the command line does. */
function feedWithPhotos(urls: string[]) {
  const record = fs.readFileSync(path.resolve('tests/fixtures/partner-feed.xml'), 'utf8').match(/<listing>\s*<id>GOOD-1<\/id>[\s\S]*?<\/listing>/)![0]
  const photos = urls.map((url) => `<photo><url>${url.replaceAll('&', '&amp;')}</url></photo>`).join('')
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'audit-feed-')), 'feed.xml')
  fs.writeFileSync(
    file,
    `<listings type="partial">${record.replace(/<photos>[\s\S]*<\/photos>/, `<photos>${photos}</photos>`).replace('GOOD-1', `AUDIT-${Date.now()}`)}</listings>`,
  )
  return file
}

export const checks: SecurityCheck[] = [
  feedUrlCheck('SSRF feed URL: a receiver on 127.0.0.1', ({ port }) => `http://127.0.0.1:${port}/feed.xml`),
  feedUrlCheck('SSRF feed URL: the same receiver as http://2130706433', ({ port }) => `http://2130706433:${port}/feed.xml`),
  feedUrlCheck('SSRF feed URL: localhost', ({ port }) => `http://localhost:${port}/feed.xml`),
  feedUrlCheck('SSRF feed URL: [::1]', ({ port }) => `http://[::1]:${port}/feed.xml`),
  feedUrlCheck('SSRF feed URL: the metadata address 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'),
  feedUrlCheck('SSRF feed URL: a private address 10.0.0.1', () => 'http://10.0.0.1/feed.xml'),
  feedUrlCheck('SSRF feed URL: a local file', () => '/etc/passwd'),
  feedUrlCheck(
    'SSRF feed URL: a public-looking host redirecting to loopback',
    ({ port }) => `http://feeds.partner.example:${port}/moved?to=${encodeURIComponent(`http://127.0.0.1:${port}/feed.xml`)}`,
    // The one opt-in of the audit: feeds.partner.example stands for a public server, and is the receiver.
    createOutboundFetch({ allowedHosts: ['feeds.partner.example'], resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
  ),
  {
    name: 'SSRF feed photos: 127.0.0.1, [::1], localhost, 169.254.169.254 and a public-looking host redirecting to loopback',
    run: (server) =>
      withTargets(server, async (db, partnerId, { port, requested }) => {
        const targets = [
          `http://127.0.0.1:${port}/photo.jpg`,
          `http://[::1]:${port}/photo.jpg`,
          `http://localhost:${port}/photo.jpg`,
          'http://169.254.169.254/latest/meta-data/',
          `http://photos.partner.example:${port}/moved?to=${encodeURIComponent(`http://127.0.0.1:${port}/photo.jpg`)}`,
        ]
        const photoFetcher = createPhotoFetcher({
          dataDir: server.dataDir,
          timeoutMs: 5_000,
          // photos.partner.example stands for a public server, and is the receiver; everything else takes the production guard.
          outboundFetch: createOutboundFetch({ allowedHosts: ['photos.partner.example'], resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
        })
        const run = await importFeed(db, { partnerId, source: feedWithPhotos(targets), allowLocalFile: true, photoFetcher })
        const failures = (await feedRunRecords(db, run.runId)).flatMap((record) => record.reasons).filter((reason) => reason.code === 'PHOTO_FAILED')
        // The report names each photo by the URL its partner sent; what follows it is ours.
        const said = failures.map((failure) => failure.detail.slice(failure.detail.indexOf(': ') + 2))
        const pass =
          failures.length === targets.length &&
          said.every((text) => text.startsWith('address-refused') && !leakPattern.test(text)) &&
          !requested.includes('/photo.jpg')
        return {
          pass,
          detail: `${failures.length} of ${targets.length} photos refused; the report says ${JSON.stringify([...new Set(said)])}; receiver asked for ${JSON.stringify(requested)}`,
        }
      }),
  },
  {
    name: 'SSRF lender webhook: a receiver on 127.0.0.1 and the metadata address',
    run: (server) =>
      withTargets(server, async (_db, _partnerId, { port, requested }) => {
        const outcomes = await Promise.all(
          [`http://127.0.0.1:${port}/leads`, 'http://169.254.169.254/leads'].map((url) =>
            postLeadWebhook({ url, secret: 'audit', body: '{}', deliveryId: 1, now: new Date(), timeoutMs: 5_000, outboundFetch }),
          ),
        )
        const pass = outcomes.every((outcome) => !outcome.isDelivered && outcome.error?.includes('not a public address')) && requested.length === 0
        return { pass, detail: `${outcomes.map((outcome) => outcome.error).join('; ')}; receiver asked for ${JSON.stringify(requested)}` }
      }),
  },
]
