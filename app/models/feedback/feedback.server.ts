import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Database } from '~/models/db/db-schema'
import { zodField } from '~/models/forms/zod-field'
import { redactSecrets } from '~/models/logs/secret-urls'
import { sendMail } from '~/models/mail/mailer.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { feedbackFieldRules } from './feedback-fields'

/** The feedback form's schema (server only): the message, an address to answer, the page it was written on. */
export const FeedbackSchema = z.object({
  message: zodField(feedbackFieldRules.message),
  email: zodField(feedbackFieldRules.email),
  page: z.string().max(2000).optional(),
})

export interface Feedback {
  userId: number | null
  email: string | null
  message: string
  /** The page's address, when it was on this site. */
  pageUrl: string | null
}

/** Keeps a feedback message and mails it to the site's team (answering the mail answers the writer, when they gave an address). */
export async function submitFeedback(db: Kysely<Database>, site: SiteProfile, feedback: Feedback, now = new Date()) {
  // Written on a reply or reset page, the page's own secret is kept from the table and the team's mail.
  const pageUrl = feedback.pageUrl === null ? null : redactSecrets(feedback.pageUrl)
  await db
    .insertInto('feedback')
    .values({
      site_id: site.siteId,
      user_id: feedback.userId,
      email: feedback.email,
      message: feedback.message,
      page_url: pageUrl,
      created_at: now.toISOString(),
    })
    .execute()
  const writer = [feedback.email ?? 'a visitor who left no address', feedback.userId === null ? null : `user ${feedback.userId}`].filter(Boolean).join(', ')
  await sendMail(site.name, {
    to: site.feedbackEmail,
    ...(feedback.email ? { replyTo: feedback.email } : {}),
    subject: `Feedback on ${site.name}`,
    text: `Feedback from ${writer}:\n\n${feedback.message}\n\nPage: ${pageUrl ?? 'not given'}`,
  })
}
