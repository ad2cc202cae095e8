import path from 'node:path'
import SQLite from 'better-sqlite3'
import { resizedImagePath } from '~/models/media/document-ids'
import { honeypotField } from '~/models/listings/listing-form-ids'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { sites } from '~/sites/index'
import { postEndlessChunks } from '../../tests/support/server-process'
import { contactableListing } from '../../tests/support/test-database'
import type { AuditedServer, CheckOutcome, SecurityCheck } from './check'

/**
 * Bounded inputs (issue 33 finding 5): bodies past 64 KB however they are sent, text built to make
 * a backtracking pattern run for seconds in every public form, and image sizes no page uses.
 */

const host = 'land.localhost'
/** An answer this slow means the server worked on the input instead of refusing it. */
const fastEnoughMs = 1_000
let nextAddress = 0
/** Each post comes from an address of its own: the forms' rate limits count per address. */
const freshAddress = () => `198.51.100.${(nextAddress += 1)}`

/**
 * Text that made the old e-mail and link patterns try a long match from every position: dotted
 * labels with no known domain after them, local parts with no domain, schemes with no '://'.
 */
function adversarialText(characters: number) {
  const unit = `${'a.'.repeat(40)}${'aaaa@'.repeat(4)}${'http'.repeat(10)}`
  return unit.repeat(Math.ceil(characters / unit.length)).slice(0, characters)
}

function postForm(server: AuditedServer, formPath: string, fields: [string, string][]) {
  return server.fetchPage(host, formPath, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': freshAddress() },
  })
}

async function timed(send: () => Promise<Response>) {
  const startedAt = performance.now()
  const response = await send()
  await response.arrayBuffer()
  return { status: response.status, ms: Math.round(performance.now() - startedAt) }
}

/** A refusal or a redirect, in time: the input was turned down, not worked on. */
const isFastRefusal = ({ status, ms }: { status: number; ms: number }) => status >= 300 && status < 500 && ms < fastEnoughMs

interface PublicForm {
  /** The page it is on, and its action and intent: '/login', '/Texas/…-123 (contact)'. */
  name: string
  action: string
  fields: [string, string][]
  /** The fields a visitor types into. */
  textFields: string[]
}

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]
const decodeAttribute = (value: string) => value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")

/** The POST forms of a page as a browser without scripts sees them: their action, hidden values and text fields. */
function formsOf(pagePath: string, html: string): PublicForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].flatMap(([, formTag = '', body = '']) => {
    if (attribute(formTag, 'method')?.toLowerCase() !== 'post' || attribute(formTag, 'enctype') === 'multipart/form-data') return []
    const fields: [string, string][] = []
    const textFields: string[] = []
    for (const [, inputTag, element, tag = inputTag ?? '', inner = ''] of body.matchAll(/<input\b([^>]*)>|<(textarea|select)\b([^>]*)>([\s\S]*?)<\/\2>/g)) {
      const name = attribute(tag, 'name')
      if (!name) continue
      const type = attribute(tag, 'type') ?? 'text'
      if (element === 'select') fields.push([name, decodeAttribute(attribute(inner.match(/<option\b[^>]*value="[^"]+"[^>]*>/)?.[0] ?? '', 'value') ?? '')])
      else if (name === honeypotField || type === 'submit' || type === 'checkbox' || type === 'radio') continue
      else if (type === 'hidden') fields.push([name, decodeAttribute(attribute(tag, 'value') ?? '')])
      else textFields.push(name)
    }
    const action = decodeAttribute(attribute(formTag, 'action') ?? pagePath)
    const intent = fields.find(([name]) => name === 'intent')?.[1]
    return textFields.length === 0 ? [] : [{ name: `${action}${intent ? ` (${intent})` : ''}`, action, fields, textFields }]
  })
}

/** Pages with the site's public forms: sign-in, sign-up and a forgotten password, feedback, a lender's, a listing's (contact, report, share) and a broker's. */
function publicPages(server: AuditedServer) {
  const db = new SQLite(path.join(server.dataDir, 'marketplace.db'), { readonly: true })
  try {
    const broker = db
      .prepare(
        'select id, contact_name as contactName, company_name as companyName from accounts where is_free = 0 and id in (select account_id from listings) order by id limit 1',
      )
      .get() as { id: number; contactName: string | null; companyName: string | null }
    const imageIds = JSON.parse(
      (db.prepare("select image_ids from listings where image_ids is not null and image_ids != '[]' limit 1").get() as { image_ids: string }).image_ids,
    ) as number[]
    return {
      formPages: [
        '/login',
        '/signup',
        '/login/forgot',
        '/feedback',
        '/financing',
        '/value',
        '/addlisting',
        contactableListing(0).path,
        brokerPagePath(sites.land, broker)!,
      ],
      documentId: imageIds[0]!,
    }
  } finally {
    db.close()
  }
}

async function discoverForms(server: AuditedServer) {
  const forms = new Map<string, PublicForm>()
  for (const pagePath of publicPages(server).formPages) {
    const response = await server.fetchPage(host, pagePath, { headers: { 'x-forwarded-for': freshAddress() } })
    if (response.status !== 200) continue
    for (const form of formsOf(pagePath, await response.text())) forms.set(form.name, form)
  }
  return [...forms.values()]
}

/** Posts to every public form with `textOf(field count)` in each text field; PASS when each is refused in time. */
async function everyFormRefusesFast(server: AuditedServer, textOf: (textFields: number) => string): Promise<CheckOutcome> {
  const forms = await discoverForms(server)
  if (forms.length < 8) return { pass: false, detail: `found only ${forms.length} public forms: ${forms.map((form) => form.name).join(', ')}` }
  const answers = []
  for (const form of forms) {
    const text = textOf(form.textFields.length)
    const answer = await timed(() => postForm(server, form.action, [...form.fields, ...form.textFields.map((name): [string, string] => [name, text])]))
    answers.push({ form: form.name, ...answer })
  }
  const slow = answers.filter((answer) => !isFastRefusal(answer))
  const slowest = Math.max(...answers.map((answer) => answer.ms))
  return slow.length === 0
    ? {
        pass: true,
        detail: `${answers.length} forms (${forms.map((form) => form.name).join(', ')}) answered ${[...new Set(answers.map((answer) => answer.status))].join('/')} in at most ${slowest} ms`,
      }
    : { pass: false, detail: slow.map((answer) => `${answer.form} answered ${answer.status} after ${answer.ms} ms`).join('; ') }
}

export const checks: SecurityCheck[] = [
  {
    name: 'a 200 KB urlencoded login form is refused (413)',
    async run(server) {
      const answer = await timed(() =>
        postForm(server, '/login', [
          ['email', 'pat@example.com'],
          ['password', 'a'.repeat(200 * 1024)],
        ]),
      )
      return { pass: answer.status === 413 && answer.ms < fastEnoughMs, detail: `answered ${answer.status} in ${answer.ms} ms` }
    },
  },
  {
    name: 'an endless chunked body (no Content-Length) is cut at 64 KB (413)',
    async run(server) {
      const startedAt = performance.now()
      const answer = await postEndlessChunks(server.port, host, '/login', { 'x-forwarded-for': freshAddress() })
      const ms = Math.round(performance.now() - startedAt)
      return {
        pass: answer.status === 413 && answer.connection === 'close',
        detail: `answered ${answer.status} after ${ms} ms, Connection: ${answer.connection ?? 'keep-alive'}`,
      }
    },
  },
  {
    name: 'a 200 KB regex bomb in every public form is refused at once',
    run: (server) => everyFormRefusesFast(server, () => adversarialText(200 * 1024)),
  },
  {
    name: 'a regex bomb within the body limit (60 KB a form) reaches the validators and is refused at once',
    // URL encoding turns each '@' into three bytes: the text leaves room for it under 64 KB.
    run: (server) => everyFormRefusesFast(server, (textFields) => adversarialText(Math.floor(56_000 / textFields))),
  },
  {
    name: 'image sizes, fits, qualities and formats no page uses answer 404',
    async run(server) {
      const { documentId } = publicPages(server)
      const madeUp = [
        resizedImagePath(documentId, { width: 2400, height: 2400, fit: 'fill', quality: 100, format: 'png' }),
        resizedImagePath(documentId, { width: 641, height: 427, quality: 60, format: 'webp' }),
        resizedImagePath(documentId, { width: 640, height: 427, quality: 61, format: 'webp' }),
        resizedImagePath(documentId, { width: 640, height: 427, quality: 60, format: 'avif' }),
        resizedImagePath(documentId, { width: 640, height: 427, fit: 'contain', quality: 60, format: 'webp' }),
        ...Array.from({ length: 20 }, (_, index) => resizedImagePath(documentId, { width: 100 + index * 97, height: 0, quality: 1 + index * 5 })),
      ]
      const served = []
      for (const imagePath of madeUp) {
        const response = await server.fetchPage(host, imagePath, { headers: { 'x-forwarded-for': freshAddress() } })
        if (response.status !== 404) served.push(`${imagePath} → ${response.status}`)
      }
      const pageSize = await server.fetchPage(host, resizedImagePath(documentId, { width: 640, height: 427, quality: 60, format: 'webp' }), {
        headers: { 'x-forwarded-for': freshAddress() },
      })
      return served.length === 0 && pageSize.status === 200
        ? { pass: true, detail: `${madeUp.length} made-up renditions answered 404; a page's own answered 200` }
        : { pass: false, detail: [...served, `a page's own rendition → ${pageSize.status}`].join('; ') }
    },
  },
]
