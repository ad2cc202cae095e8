import { z } from 'zod'
import { recordClientLog } from '~/models/logs/client-log.server'
import { parseLogSeverity } from '~/models/logs/log-severity'
import { apiCall, badRequest, methodNotAllowed, readJsonBody } from './api.server'

const optionalText = z.string().max(10_000).optional()

/** Spec §3 "Log message" (message, referringUrl, logSeverity) and the client error log's user agent, URL and component stack. */
const ClientLogSchema = z.object({
  message: z.string().trim().min(1).max(10_000),
  logSeverity: z.string().max(50),
  referringUrl: optionalText,
  url: optionalText,
  userAgent: optionalText,
  componentStack: optionalText,
})

/**
 * Spec §7 POST /logging/log/ and the client error log: a browser's message is stored (bounded)
 * and printed as one line of the server log; the answer is an empty 204, echoing nothing back.
 */
export const action = apiCall({ name: 'clientlog', limit: 20, windowMs: 10 * 60_000 }, async ({ request, site, db }) => {
  const parsed = ClientLogSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) badRequest('A log entry is a JSON object with a message and a logSeverity.')
  const entry = parsed.data
  const severity = parseLogSeverity(entry.logSeverity) ?? badRequest('logSeverity must be one of the spec §3 log severities.')
  await recordClientLog(db, {
    siteId: site.siteId,
    severity,
    message: entry.message,
    pageUrl: entry.url ?? request.headers.get('referer') ?? '',
    referringUrl: entry.referringUrl ?? '',
    userAgent: request.headers.get('user-agent') ?? entry.userAgent ?? '',
    componentStack: entry.componentStack ?? null,
  })
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})

export const loader = methodNotAllowed
