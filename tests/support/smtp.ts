import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
}

/** A real SMTP server on loopback that keeps what it receives, for tests of outgoing mail. */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return { url: `smtp://127.0.0.1:${port}`, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** For a test file or block that checks outgoing mail: a test SMTP server is the app's SMTP_URL while its tests run. */
export function catchOutgoingMail() {
  let server: Awaited<ReturnType<typeof startTestSmtpServer>> | undefined
  beforeAll(async () => {
    server = await startTestSmtpServer()
    process.env.SMTP_URL = server.url
  })
  afterAll(async () => {
    delete process.env.SMTP_URL
    await server?.stop()
  })
  return {
    /** The messages received so far. */
    get received(): ReceivedMail[] {
      return server?.received ?? []
    },
  }
}

/** A received message's text with its quoted-printable soft line breaks and escapes undone (for ASCII text). */
export function readableText(mail: ReceivedMail) {
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The newest message to `address` whose text matches `pattern`, once it has come (within about 5 s), or undefined. */
export async function waitForMail(outgoing: { received: ReceivedMail[] }, address: string, pattern: RegExp) {
  for (let wait = 0; wait < 100; wait++) {
    const mail = [...outgoing.received].reverse().find((message) => message.to.includes(address) && pattern.test(readableText(message)))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return undefined
}
