import path from 'node:path'
import Database from 'better-sqlite3'
import { contactableListing } from '../../tests/support/test-database'
import type { AuditedServer, CheckOutcome, SecurityCheck } from './check'

/**
 * Rate-limited forms (issue 34 item 2, decision 0053): a flood from one address is still stopped
 * after its allowance, answered with the form and `Retry-After` rather than an error page; posts
 * refused by validation, which no longer count toward a message form's limit, reach nobody; and
 * the login limit still counts every post, so invalid ones buy a guesser nothing.
 */
const host = 'land.localhost'
const listing = contactableListing(41)
const goodContact = { intent: 'contact', name: 'Audit Flooder', email: 'flood@example.com', message: 'Flooding this seller with questions.' }

/** Each check floods from an IPv6 /64 of its own: the limits count per /64. */
function postForm(server: AuditedServer, formPath: string, fields: Record<string, string>, client: number) {
  return server.fetchPage(host, formPath, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': `2001:db8:53:${client}::1` },
  })
}

function leadCount(server: AuditedServer) {
  const db = new Database(path.join(server.dataDir, 'marketplace.db'), { readonly: true })
  try {
    return (db.prepare('select count(*) as count from leads where listing_id = ?').get(listing.id) as { count: number }).count
  } finally {
    db.close()
  }
}

async function floodedContactForm(server: AuditedServer): Promise<CheckOutcome> {
  const statuses = []
  for (let post = 0; post < 5; post += 1) statuses.push((await postForm(server, listing.path, goodContact, 1)).status)
  const refused = await postForm(server, listing.path, goodContact, 1)
  const retryAfter = Number(refused.headers.get('retry-after'))
  const body = await refused.text()
  const isForm = body.includes('Please wait') && body.includes(goodContact.message)
  return {
    pass: statuses.every((status) => status === 303) && refused.status === 429 && retryAfter > 0 && retryAfter <= 600 && isForm,
    detail: `statuses ${[...statuses, refused.status].join(',')}; Retry-After ${retryAfter}; the 429 shows the form with the message and the wait: ${isForm}`,
  }
}

async function invalidPostsReachNobody(server: AuditedServer): Promise<CheckOutcome> {
  const before = leadCount(server)
  const statuses = new Set<number>()
  for (let post = 0; post < 30; post += 1) statuses.add((await postForm(server, listing.path, { ...goodContact, name: '' }, 2)).status)
  const stored = leadCount(server) - before
  return {
    pass: [...statuses].join() === '400' && stored === 0,
    detail: `30 contact posts without a name answered ${[...statuses].join(',')}; leads stored: ${stored}`,
  }
}

async function invalidLoginsStillCount(server: AuditedServer): Promise<CheckOutcome> {
  const statuses = new Set<number>()
  for (let post = 0; post < 20; post += 1) statuses.add((await postForm(server, '/login', { email: 'victim@example.com', password: '' }, 3)).status)
  const guess = await postForm(server, '/login', { email: 'victim@example.com', password: 'a-real-guess-1' }, 3)
  return {
    pass: [...statuses].join() === '400' && guess.status === 429,
    detail: `20 logins without a password answered ${[...statuses].join(',')}; the real guess after them ${guess.status}`,
  }
}

export const checks: SecurityCheck[] = [
  { name: 'a contact flood from one address gets five messages through, then the form again with 429 and Retry-After', run: floodedContactForm },
  { name: 'contact posts refused by validation (which the limit no longer counts) store and send nothing', run: invalidPostsReachNobody },
  { name: 'login posts refused by validation still count toward the login limit', run: invalidLoginsStillCount },
]
