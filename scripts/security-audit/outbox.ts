import fs from 'node:fs'
import path from 'node:path'
import type { AuditedServer } from './check'

/** Waits (up to about 10 s) for a mail in the audited server's outbox to `address` whose text matches `pattern`; its text, quoted-printable decoded. */
export async function outboxMail(server: AuditedServer, address: string, pattern: RegExp) {
  const outbox = path.join(server.dataDir, 'outbox')
  for (let wait = 0; wait < 100; wait++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : []
    for (const file of files) {
      const text = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      if (text.includes(`To: ${address}`) && pattern.test(text)) return text
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return undefined
}
