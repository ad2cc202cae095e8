import type { Kysely } from 'kysely'
import { accountPaths } from '~/models/accounts/account-paths'
import type { Database } from '~/models/db/db-schema'
import type { Mailer } from '~/models/mail/mailer.server'
import { formatAcres, formatDollars, formatLongDate } from '~/utils/format'
import type { ComparableSale } from './valuation-model'
import { parseValuationPath } from './valuation-path'
import { parcelOf, valueInputs } from './valuation.server'

/**
 * Valuations a signed-in user keeps on AcreWorth (issue 16 §2), and the e-mail that tells them
 * when comparable land sells: a sale that has joined the comparables their valuation rests on.
 */
export interface SavedValuation {
  id: number
  path: string
  label: string
  value: number
  low: number
  high: number
  alert: boolean
  createdAt: string
}

export type ValuationToSave = Pick<SavedValuation, 'path' | 'label' | 'value' | 'low' | 'high'>

const dayMs = 86_400_000
/** Comparable sales are looked for once a day at most, so an alert is a daily e-mail at most. */
const alertIntervalMs = dayMs

function selectSavedValuations(db: Kysely<Database>, userId: number) {
  return db.selectFrom('saved_valuations').select(['id', 'path', 'label', 'value', 'low', 'high', 'alert', 'created_at']).where('user_id', '=', userId)
}

const toSavedValuation = (row: { id: number; path: string; label: string; value: number; low: number; high: number; alert: number; created_at: string }) => ({
  id: row.id,
  path: row.path,
  label: row.label,
  value: row.value,
  low: row.low,
  high: row.high,
  alert: row.alert === 1,
  createdAt: row.created_at,
})

export async function listSavedValuations(db: Kysely<Database>, userId: number): Promise<SavedValuation[]> {
  return (await selectSavedValuations(db, userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(toSavedValuation)
}

export async function findSavedValuation(db: Kysely<Database>, userId: number, path: string): Promise<SavedValuation | undefined> {
  const row = await selectSavedValuations(db, userId).where('path', '=', path).executeTakeFirst()
  return row && toSavedValuation(row)
}

/** Keeps a valuation (saving it again keeps the first figures); `alert` turns its e-mail on or off, undefined leaves it. */
export async function saveValuation(db: Kysely<Database>, userId: number, valuation: ValuationToSave, { alert }: { alert?: boolean } = {}) {
  const now = new Date().toISOString()
  await db
    .insertInto('saved_valuations')
    .values({
      user_id: userId,
      ...valuation,
      value: Math.round(valuation.value),
      low: Math.round(valuation.low),
      high: Math.round(valuation.high),
      alert: alert ? 1 : 0,
      created_at: now,
    })
    .onConflict((conflict) =>
      alert === undefined ? conflict.columns(['user_id', 'path']).doNothing() : conflict.columns(['user_id', 'path']).doUpdateSet({ alert: alert ? 1 : 0 }),
    )
    .execute()
}

/** Turns a saved valuation's alert on or off; false when the user has no such valuation. */
export async function setValuationAlert(db: Kysely<Database>, userId: number, id: number, alert: boolean) {
  const result = await db
    .updateTable('saved_valuations')
    .set({ alert: alert ? 1 : 0 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteSavedValuation(db: Kysely<Database>, userId: number, id: number) {
  const result = await db.deleteFrom('saved_valuations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

function alertText({
  contactName,
  label,
  path,
  origin,
  sales,
  saved,
  now,
}: {
  contactName: string
  label: string
  path: string
  origin: string
  sales: ComparableSale[]
  saved: { value: number; low: number; high: number }
  now: { value: number; low: number; high: number } | undefined
}) {
  const lines = sales.map(
    ({ sale, distanceKm }) =>
      `- ${formatAcres(sale.acres)} sold on ${formatLongDate(new Date(sale.soldAt).toISOString())} for ${formatDollars(sale.price)} (${formatDollars(sale.price / sale.acres)} an acre), ${distanceKm.toFixed(1)} km away`,
  )
  const range = (figures: { value: number; low: number; high: number }) =>
    `${formatDollars(figures.value)} (80 % range ${formatDollars(figures.low)} to ${formatDollars(figures.high)})`
  return [
    `Hello ${contactName},`,
    '',
    `Comparable land has sold near your valuation of ${label}:`,
    '',
    ...lines,
    '',
    ...(now ? [`Your valuation today: ${range(now)}.`] : []),
    `When you saved it: ${range(saved)}.`,
    '',
    `See the valuation and the sales it rests on: ${origin}${path}`,
    `Stop these e-mails: ${origin}${accountPaths.savedValuations}`,
  ].join('\n')
}

export interface ValuationAlertRun {
  /** Saved valuations whose daily look was due and claimed by this run. */
  due: number
  sent: number
  failed: number
}

/**
 * Sends the valuation alerts due at `now`: each saved valuation with its alert on, last looked at
 * a day ago or more, is first claimed with one conditional UPDATE of `alerted_at` (so several
 * processes running this send each once), valued again, and e-mailed when a comparable of the new
 * valuation sold after the last look. A failed e-mail gives the claim back. `valueSite` names the
 * valuation site, which sends the e-mail, and where its pages are.
 */
export async function sendValuationAlerts(db: Kysely<Database>, mailer: Mailer, now: Date, valueSite: { name: string; origin: string }): Promise<ValuationAlertRun> {
  const run: ValuationAlertRun = { due: 0, sent: 0, failed: 0 }
  const lookedAt = now.toISOString()
  const dueBefore = new Date(now.getTime() - alertIntervalMs).toISOString()
  const due = await db
    .selectFrom('saved_valuations')
    .innerJoin('users', 'users.id', 'saved_valuations.user_id')
    .select([
      'saved_valuations.id',
      'saved_valuations.path',
      'saved_valuations.label',
      'saved_valuations.value',
      'saved_valuations.low',
      'saved_valuations.high',
      'saved_valuations.alerted_at',
      'saved_valuations.created_at',
      'users.email',
      'users.contact_name',
    ])
    .where('saved_valuations.alert', '=', 1)
    .where((eb) => eb.or([eb('saved_valuations.alerted_at', '<=', dueBefore), eb('saved_valuations.alerted_at', 'is', null)]))
    .orderBy('saved_valuations.id')
    .execute()
  for (const saved of due) {
    const previous = saved.alerted_at
    const claim = await db
      .updateTable('saved_valuations')
      .set({ alerted_at: lookedAt })
      .where('id', '=', saved.id)
      .where('alerted_at', previous === null ? 'is' : '=', previous)
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) !== 1) continue
    run.due += 1
    const inputs = parseValuationPath(saved.path)
    const outcome = inputs && (await parcelOf(db, inputs))
    if (!outcome?.ok) continue
    const valuation = await valueInputs(db, outcome.parcel, now.getTime())
    const since = Date.parse(previous ?? saved.created_at)
    const sales = valuation?.comparables.filter((comparable) => comparable.sale.soldAt > since) ?? []
    if (sales.length === 0) continue
    try {
      await mailer(valueSite.name, {
        to: saved.email,
        subject: `${sales.length === 1 ? 'A comparable sale' : `${sales.length} comparable sales`} near your valuation of ${saved.label}`,
        text: alertText({ contactName: saved.contact_name, label: saved.label, path: saved.path, origin: valueSite.origin, sales, saved, now: valuation }),
      })
      run.sent += 1
    } catch (error) {
      console.error(`The valuation alert ${saved.id} failed; it is due again at the next run`, error)
      await db.updateTable('saved_valuations').set({ alerted_at: previous }).where('id', '=', saved.id).where('alerted_at', '=', lookedAt).execute()
      run.failed += 1
    }
  }
  return run
}
