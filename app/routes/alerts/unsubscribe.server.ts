import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { readFormData } from '~/http/request-guard.server'
import { accountOfUnsubscribeToken, stopInstantAlerts } from '~/models/accounts/instant-alerts.server'

/**
 * An instant alert's unsubscribe link (decision 0071): the signed token is the permission, so it
 * works without logging in. Opening it changes nothing (mail scanners open links): the page asks,
 * and its button posts. A mail program's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`)
 * stops the alerts at once and gets a plain 200.
 */
export function loadUnsubscribe(request: Request, token: string | undefined) {
  if (accountOfUnsubscribeToken(token ?? '') === undefined) return data({ isValid: false, isStopped: false }, { status: 400 })
  return { isValid: true, isStopped: new URL(request.url).searchParams.has('stopped') }
}

export async function handleUnsubscribe(db: Kysely<Database>, request: Request, token: string | undefined) {
  const userId = accountOfUnsubscribeToken(token ?? '')
  if (userId === undefined) return data({ isValid: false, isStopped: false }, { status: 400 })
  const form = await readFormData(request)
  await stopInstantAlerts(db, userId)
  if (form.get('List-Unsubscribe') === 'One-Click') return new Response('Unsubscribed', { headers: { 'content-type': 'text/plain' } })
  return redirect(`${new URL(request.url).pathname}?stopped=1`, 303)
}
