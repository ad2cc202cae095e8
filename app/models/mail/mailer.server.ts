import diagnosticsChannel from 'node:diagnostics_channel'
import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import { readConfig } from '~/config.server'

export interface MailMessage {
  to: string | string[]
  subject: string
  text: string
  replyTo?: string
  /** Files sent with the message, such as a visit's calendar file (text/calendar). */
  attachments?: { filename: string; content: string; contentType: string }[]
  /** Extra header fields, e.g. an alert's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>
}

/** How a job sends mail: `sendMail`, or a test's stand-in. */
export type Mailer = (siteName: string, message: MailMessage) => Promise<void>

const fromAddress = (siteName: string) => `"${siteName.replaceAll('"', '')}" <no-reply@marketplace.example>`

/** Each e-mail's outcome, `{ outcome: 'sent' | 'failed' }`, for the server's metrics (decision 0066); costs nothing while nobody listens. */
export const mailChannel = diagnosticsChannel.channel('land-marketplaces:mail')

/**
 * Sends e-mail (contact copies to brokers, send-to-friend). With SMTP_URL it goes to that
 * server; without it the message is written to `{dataDir}/outbox/` as an .eml file, so nothing
 * is lost on a machine with no mail server and a developer can read every message.
 */
export async function sendMail(siteName: string, message: MailMessage) {
  try {
    await deliver(siteName, message)
  } catch (error) {
    mailChannel.publish({ outcome: 'failed' })
    throw error
  }
  mailChannel.publish({ outcome: 'sent' })
}

async function deliver(siteName: string, message: MailMessage) {
  const { smtpUrl, dataDir } = readConfig()
  const mail = { from: fromAddress(siteName), ...message }
  if (smtpUrl) {
    await nodemailer.createTransport(smtpUrl).sendMail(mail)
    return
  }
  const { message: raw } = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail)
  const outbox = path.join(dataDir, 'outbox')
  await fs.mkdir(outbox, { recursive: true })
  await fs.writeFile(path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`), raw as Buffer)
}
