import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { sendMail } from '~/models/mail/mailer.server'
import { startTestSmtpServer } from '../support/smtp'

const savedEnvironment = { ...process.env }
afterEach(() => {
  process.env = { ...savedEnvironment }
})

test('with SMTP_URL, mail goes to that SMTP server', async () => {
  const smtp = await startTestSmtpServer()
  try {
    process.env.SMTP_URL = smtp.url
    await sendMail('Wild Acres', { to: 'broker@example.com', replyTo: 'buyer@example.com', subject: 'New inquiry: Creek Tract', text: 'Is it still available?' })
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.to).toEqual(['broker@example.com'])
    expect(smtp.received[0]!.raw).toContain('Subject: New inquiry: Creek Tract')
    expect(smtp.received[0]!.raw).toContain('Reply-To: buyer@example.com')
    expect(smtp.received[0]!.raw).toMatch(/From: "?Wild Acres"? <no-reply@/)
  } finally {
    await smtp.stop()
  }
})

test('without SMTP_URL, mail is written to the outbox folder as .eml', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'))
  delete process.env.SMTP_URL
  process.env.DATA_DIR = dataDir
  await sendMail('LandAtlas', { to: ['a@example.com', 'b@example.com'], subject: 'Shared property', text: 'Look at this' })
  const files = fs.readdirSync(path.join(dataDir, 'outbox'))
  expect(files).toHaveLength(1)
  expect(files[0]).toMatch(/\.eml$/)
  const raw = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8')
  expect(raw).toContain('To: a@example.com, b@example.com')
  expect(raw).toContain('Look at this')
})
