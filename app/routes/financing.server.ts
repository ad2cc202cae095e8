import { sendFormOnce } from './send-form-once.server'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { financingPath } from '~/models/finance/finance-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { siteOrigin } from '~/sites/site-origin.server'
import { refuseOverLimit } from '~/http/form-rate-limit.server'
import { clientAddress } from '~/http/rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import type { Database } from '~/models/db/db-schema'
import { type FinanceCenter, sendFinanceLead } from '~/models/finance/finance-centers.server'
import { financeContactSectionId } from '~/models/finance/finance-contact'
import { honeypotField } from '~/models/listings/listing-form-fields'
import { ContactSchema } from '~/models/listings/listing-forms'
import { listingFormRateLimits } from './contact-forms.server'

/**
 * The finance page's contact form: the listing contact form's fields and spec §5 rules (full
 * name, e-mail, phone, message), without the listing page's intent and finance checkbox.
 */
const FinanceContactSchema = ContactSchema.omit({ intent: true, wantsFinancing: true })

/**
 * A message posted on the finance page: guard (origin, honeypot), validate, count it against the
 * listing contact form's allowance per address (issue 6 §5), store and e-mail to the lender, then
 * redirect to the page with a confirmation (post/redirect/get). A failed validation returns the
 * submission with status 400 so the form shows the spec messages, a post past the limit with 429
 * and the wait (decision 0053).
 */
export async function handleFinanceContactPost(db: Kysely<Database>, site: SiteProfile, request: Request, center: FinanceCenter) {
  assertSameOrigin(request)
  const formData = await readFormData(request)
  if (formData.get(honeypotField)) throw new Response('Too many requests. Please wait a few minutes and try again.', { status: 429 })
  const submission = parseWithZod(formData, { schema: FinanceContactSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const refusal = await refuseOverLimit(db, `finance:${clientAddress(request)}`, listingFormRateLimits.contact)
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), refusal.init)
  const { name, email, phone, message } = submission.value
  const pagePath = financingPath(center.id)
  const location = await sendFormOnce(db, 'finance', formData, async () => {
    await sendFinanceLead(
      db,
      site,
      { finance_center_id: center.id, site_id: site.siteId, listing_id: null, name, email, phone: phone ?? null, message, wantsFinancing: true },
      { pageUrl: `${siteOrigin(site)}${pagePath}` },
    )
    return `${financingPath(center.id, { sent: true })}#${financeContactSectionId}`
  })
  return redirect(location, 303)
}
