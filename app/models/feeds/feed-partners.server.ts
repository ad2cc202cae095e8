import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { isNonPublicIpHost } from '~/models/net/public-address'

/**
 * Setting up the partners (staff commands: `npm run partner`): a feed partner with the account
 * its listings belong to and, for pulled feeds, its URL and schedule; a lender's lead webhook with
 * its signing secret. Checked here, so a typing slip is an error message, not a broken schedule.
 */

export interface NewFeedPartner {
  name: string
  accountId: number
  feedUrl?: string
  format?: 'xml' | 'csv'
  pullIntervalMinutes?: number
  graceHours?: number
  financeCenterId?: number
}

/**
 * A feed or webhook address: https, on the public internet. The outbound guard refuses the rest
 * when it fetches (issue 33); refusing them here already makes a slip an error message, not a
 * schedule of failed pulls. A name is only checked by the guard, since what it resolves to can change.
 */
export function checkedPartnerUrl(text: string) {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new Error(`'${text}' is not an address.`)
  }
  if (url.protocol !== 'https:') throw new Error(`'${text}' must be an https address: feeds and webhooks are fetched over https only.`)
  if (isNonPublicIpHost(url.hostname) || /(^|\.)localhost\.?$/i.test(url.hostname))
    throw new Error(`'${text}' is not a public internet address: the server fetches only from the public internet.`)
  return url.href
}

export async function addFeedPartner(db: Kysely<Database>, partner: NewFeedPartner) {
  if (!partner.name.trim()) throw new Error('A partner needs a name.')
  const account = await db.selectFrom('accounts').select('id').where('id', '=', partner.accountId).executeTakeFirst()
  if (!account) throw new Error(`There is no account ${partner.accountId}.`)
  if (partner.financeCenterId !== undefined) {
    const center = await db.selectFrom('finance_centers').select('id').where('id', '=', partner.financeCenterId).executeTakeFirst()
    if (!center) throw new Error(`There is no finance center ${partner.financeCenterId}.`)
  }
  const interval = partner.pullIntervalMinutes ?? 1440
  const grace = partner.graceHours ?? 24
  if (!Number.isInteger(interval) || interval < 60) throw new Error('A feed is pulled at most once an hour: the interval is 60 minutes or more.')
  if (!Number.isInteger(grace) || grace < 1) throw new Error('The grace period is a whole number of hours, 1 or more.')
  const { id } = await db
    .insertInto('feed_partners')
    .values({
      name: partner.name.trim(),
      account_id: partner.accountId,
      finance_center_id: partner.financeCenterId ?? null,
      feed_url: partner.feedUrl === undefined ? null : checkedPartnerUrl(partner.feedUrl),
      feed_format: partner.format ?? 'xml',
      pull_interval_minutes: interval,
      grace_hours: grace,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Sets a lender's lead webhook and gives back its new signing secret (shown once, to hand to the lender). */
export async function setLeadWebhook(db: Kysely<Database>, financeCenterId: number, url: string) {
  const secret = randomBytes(32).toString('base64url')
  const updated = await db
    .updateTable('finance_centers')
    .set({ lead_webhook_url: checkedPartnerUrl(url), lead_webhook_secret: secret })
    .where('id', '=', financeCenterId)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) throw new Error(`There is no finance center ${financeCenterId}.`)
  return secret
}
