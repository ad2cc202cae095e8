import { type DataStrategyResult, type MiddlewareFunction, data, isRouteErrorResponse } from 'react-router'
import { formKeyField } from '~/models/forms/form-key'

/**
 * What became of a kept form's submission (issue 20 item 4, decision 0035), told to the form
 * (FormConnection) by the root's client middleware, which sees every answer the router gets:
 * - answered by the server (a redirect, or the page's data): the kept copy can go, even when the
 *   answer leads to another page and the form is gone;
 * - failed for the network while the browser believed it was online: a dropped link or a server
 *   that cannot be reached (fetch's TypeError), or a gateway's 502, 503 or 504 (React Router keeps
 *   a response without its header, not ours, as an error response of that status; none of our
 *   actions answers these). The page stays as it is, not the error page, and the form shows its
 *   offline notice and sends the copy again;
 * - anything else (the error page): the copy stays, and is back in the form on the next visit.
 */
const gatewayFailures = new Set([502, 503, 504])

export function isNetworkFailure(error: unknown) {
  return error instanceof TypeError || (isRouteErrorResponse(error) && gatewayFailures.has(error.status))
}

/** What `data(value, status)` holds: the router's single fetch hands an action's thrown error over that way. */
const dataOf = (result: unknown) => (typeof result === 'object' && result !== null && 'data' in result ? result.data : undefined)

const isFailedForTheNetwork = ({ type, result }: DataStrategyResult) => type === 'error' && (isNetworkFailure(result) || isNetworkFailure(dataOf(result)))

/** The server's answer: its data, or its redirect (which the router hands over as a thrown response). */
const isAnswered = ({ type, result }: DataStrategyResult) => type === 'data' || (result instanceof Response && result.status >= 300 && result.status < 400)

/**
 * After a submission failed for the network while the browser thought it was online, `online`
 * may never fire: it is sent again after 5 s, then 10, 20, 40 and every minute (and at once on
 * `online` or 'Retry').
 */
export function retryDelayMs(failuresInARow: number) {
  return Math.min(5_000 * 2 ** Math.max(failuresInARow - 1, 0), 60_000)
}

export interface SubmissionOutcomes {
  onAnswered: () => void
  onNetworkFailure: () => void
}

/** The submission the router is sending for a kept form: one at a time, as a navigation is. */
let awaited: (SubmissionOutcomes & { formKey: string }) | undefined

/**
 * Called as a kept form is sent by the router: what to do when the submission with this form key
 * is answered or fails for the network (called before the router is done). Answers the call that
 * forgets it.
 */
export function awaitSubmission(formKey: string, outcomes: SubmissionOutcomes) {
  const submission = { formKey, ...outcomes }
  awaited = submission
  return () => {
    if (awaited === submission) awaited = undefined
  }
}

/**
 * The root's client middleware: tells a kept form what became of its submission, and makes one
 * that failed for the network an answer that changes nothing — no data, and a status that keeps
 * the router from reloading the page's data (which would fail the same way).
 */
export const keptFormSubmissions: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  // The router reads the body to send it: a copy is kept to tell whose submission it was.
  const sent = request.method === 'GET' || !awaited ? undefined : request.clone()
  const results = await next()
  const submission = awaited
  if (!sent || !submission) return results
  const outcomes = Object.entries(results)
  const failed = outcomes.filter(([, result]) => isFailedForTheNetwork(result))
  const isSent = outcomes.length > 0 && outcomes.every(([, result]) => isAnswered(result))
  if (failed.length === 0 && !isSent) return results
  const formKey = (await sent.formData().catch(() => undefined))?.get(formKeyField)
  if (formKey !== submission.formKey) return results
  awaited = undefined
  if (isSent) {
    submission.onAnswered()
    return results
  }
  submission.onNetworkFailure()
  return { ...results, ...Object.fromEntries(failed.map(([routeId]) => [routeId, { type: 'data', result: data(undefined, 503) }])) }
}
