import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { sendMail } from '~/models/mail/mailer.server'
import { sellerPaths } from '~/models/sellers/listing-draft'
import type { SellerScope } from '~/models/sellers/seller-scope.server'
import { counterTimeSchema } from '~/models/visits/visit-form.server'
import { visitRequestsSectionId } from '~/models/visits/visit-paths'
import { acceptProposedTime, cancelVisit, findSellerVisit, proposeCounterTime, sellerVisitView } from '~/models/visits/visit-requests.server'
import { backTo, notFound, requireSellerScope } from '~/routes/account/listings/seller-access.server'
import { siteDirectory } from '~/sites/site-origin.server'

/**
 * A seller's answer to one visit request, /account/visits/{id}/ (issue 38 item 3): accept one of
 * the buyer's times, propose another, or cancel. The leads inbox's forms post here; the page shows
 * the request alone, with the counter-proposal's errors when it had any. Only a request of the
 * seller's own accounts is found: any other id is a 404.
 */
const sectionName = 'Leads'
const visitIdOf = (param: string | undefined) => (/^[1-9]\d{0,9}$/.test(param ?? '') ? Number(param) : Number.NaN)

async function requireSellerVisit(db: Kysely<Database>, request: Request, site: SiteProfile, param: string | undefined) {
  const scope = await requireSellerScope(db, request, site, sectionName)
  const visit = await findSellerVisit(db, scope, visitIdOf(param), siteDirectory)
  if (!visit) throw notFound()
  return { scope, visit }
}

export async function loadSellerVisit(db: Kysely<Database>, site: SiteProfile, request: Request, param: string | undefined) {
  const { visit } = await requireSellerVisit(db, request, site, param)
  return { visit: sellerVisitView(visit), now: new Date().toISOString() }
}

/** Back to the inbox's visit requests, where the request shows its new state. */
const backToInbox = () => backTo(`${sellerPaths.leads}#${visitRequestsSectionId}`)

export async function handleSellerVisitPost(db: Kysely<Database>, site: SiteProfile, request: Request, param: string | undefined) {
  assertSameOrigin(request)
  const { scope, visit } = await requireSellerVisit(db, request, site, param)
  const form = await readFormData(request)
  const context = { mailer: sendMail, sites: siteDirectory, now: new Date() }
  const intent = form.get('intent')
  if (intent === 'accept') {
    await acceptProposedTime(db, scope, { visitId: visit.id, timeId: Number(form.get('timeId')) }, context)
    return backToInbox()
  }
  if (intent === 'cancel') {
    await cancelVisit(db, visit.id, { side: 'seller', scope }, context)
    return backToInbox()
  }
  if (intent === 'counter') return counter(db, scope, visit.id, visit.timeZone, form, context)
  throw new Response('Unknown form', { status: 400 })
}

async function counter(
  db: Kysely<Database>,
  scope: SellerScope,
  visitId: number,
  timeZone: string,
  form: FormData,
  context: Parameters<typeof proposeCounterTime>[3],
) {
  const submission = parseWithZod(form, { schema: counterTimeSchema(timeZone, context.now) })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  await proposeCounterTime(db, scope, { visitId, startsAt: submission.value }, context)
  return backToInbox()
}
