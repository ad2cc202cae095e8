import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { sendMail } from '~/models/mail/mailer.server'
import { buyerVisitPath } from '~/models/visits/visit-paths'
import { type Visit, acceptCounterTime, cancelVisit, findVisit, visitIdOfToken } from '~/models/visits/visit-requests.server'
import { siteDirectory } from '~/sites/site-origin.server'

/**
 * The buyer's page of a visit, /visits/{token}/ (issue 38 item 3, decision 0070): where it stands,
 * accepting the seller's time, cancelling. The signed token in the e-mailed link is the permission,
 * so it works without an account; a token we did not sign is a 404.
 */
const outcomes = {
  accepted: 'You accepted the time. We have e-mailed you both a calendar invitation.',
  cancelled: 'Your visit is cancelled. We have told the seller.',
  unchanged: 'This visit had already changed: here is where it stands now.',
} as const

async function requireVisit(db: Kysely<Database>, site: SiteProfile, token: string | undefined) {
  const visitId = visitIdOfToken(token ?? '')
  const visit = site.searchGrammar && visitId !== undefined ? await findVisit(db, visitId, siteDirectory) : undefined
  if (!visit) throw new Response('Not Found', { status: 404 })
  return visit
}

/** What the buyer may still do: accept a time the seller proposed, cancel a visit not yet over. */
export function buyerChoices(visit: Visit, now: Date) {
  const isOver = visit.agreedStartsAt !== null && new Date(visit.agreedStartsAt) <= now
  return { canAccept: visit.status === 'countered', canCancel: visit.status !== 'cancelled' && !isOver }
}

export async function loadBuyerVisit(db: Kysely<Database>, site: SiteProfile, request: Request, token: string | undefined) {
  const visit = await requireVisit(db, site, token)
  const done = new URL(request.url).searchParams.get('done')
  return {
    visit: {
      listingTitle: visit.listingTitle,
      listingUrl: visit.listingUrl,
      status: visit.status,
      cancelledBy: visit.cancelledBy,
      timeZoneName: visit.timeZoneName,
      times: visit.times.map((time) => time.label),
      counterLabel: visit.counterLabel,
      agreedLabel: visit.agreedLabel,
    },
    ...buyerChoices(visit, new Date()),
    outcome: done && done in outcomes ? outcomes[done as keyof typeof outcomes] : null,
  }
}

export async function handleBuyerVisitPost(db: Kysely<Database>, site: SiteProfile, request: Request, token: string | undefined) {
  assertSameOrigin(request)
  const visit = await requireVisit(db, site, token)
  const intent = (await readFormData(request)).get('intent')
  const context = { mailer: sendMail, sites: siteDirectory, now: new Date() }
  let isChanged: boolean
  if (intent === 'accept') isChanged = await acceptCounterTime(db, visit.id, context)
  else if (intent === 'cancel') isChanged = buyerChoices(visit, context.now).canCancel && (await cancelVisit(db, visit.id, { side: 'buyer' }, context))
  else throw new Response('Unknown form', { status: 400 })
  const done = isChanged ? (intent === 'accept' ? 'accepted' : 'cancelled') : 'unchanged'
  return redirect(`${buyerVisitPath(token!)}?done=${done}`, 303)
}
