import { createHmac, timingSafeEqual } from 'node:crypto'
import type { OutboundFetch } from '~/models/net/outbound-fetch.server'

/**
 * The request a lender's webhook receives for a finance lead, and how the receiver checks it. Its
 * `X-Landmarket-Signature` is Stripe-style, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw
 * body>" keyed with the lender's secret>`: signing the time with the body lets a receiver refuse
 * an old request replayed later.
 */

function signature(secret: string, timestamp: number, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

function signatureHeader(body: string, secret: string, now: Date) {
  const timestamp = Math.floor(now.getTime() / 1000)
  return `t=${timestamp},v1=${signature(secret, timestamp, body)}`
}

/**
 * Checks a signature header against the raw request body, as a receiver should: the signature is
 * the secret's, compared in constant time, and its time within `toleranceSeconds` of `now`.
 */
export function verifyLeadSignature(header: string | null, body: string, secret: string, toleranceSeconds = 300, now = new Date()) {
  const fields = (header ?? '').split(',').map((field) => field.trim().split('='))
  const timestamp = Number(fields.find(([key]) => key === 't')?.[1])
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(signature(secret, timestamp, body))
  const matches = (value: string) => {
    const candidate = Buffer.from(value)
    return candidate.length === expected.length && timingSafeEqual(candidate, expected)
  }
  return fields.some(([key, value]) => key === 'v1' && value !== undefined && matches(value))
}

interface LeadWebhookRequest {
  url: string
  secret: string
  /** The JSON, as signed and sent. */
  body: string
  deliveryId: number
  now: Date
  timeoutMs: number
  outboundFetch: OutboundFetch
}

export interface LeadWebhookOutcome {
  isDelivered: boolean
  responseStatus: number | null
  error: string | null
}

/** A lender's answer is only read for its status; a body past this is cut off. */
const maxAnswerBytes = 64 * 1024

/**
 * Posts one signed lead through the outbound guard (a lender's URL must be a public address); any
 * 2xx answer within the timeout delivers it. Never throws.
 */
export async function postLeadWebhook({ url, secret, body, deliveryId, now, timeoutMs, outboundFetch }: LeadWebhookRequest): Promise<LeadWebhookOutcome> {
  try {
    const response = await outboundFetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Landmarket-Event': 'finance-lead',
        'X-Landmarket-Delivery': String(deliveryId),
        'X-Landmarket-Signature': signatureHeader(body, secret, now),
      },
      body,
      // The guard follows no redirect of a POST: it would post the lead somewhere the lender did not name, so a 3xx is a failure.
      timeoutMs,
      maxBytes: maxAnswerBytes,
    })
    await response.body?.cancel()
    return { isDelivered: response.ok, responseStatus: response.status, error: null }
  } catch (error) {
    return { isDelivered: false, responseStatus: null, error: error instanceof Error ? error.message : String(error) }
  }
}
