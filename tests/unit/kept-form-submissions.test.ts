import { type DataStrategyResult, RouterContextProvider, data } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { awaitSubmission, isNetworkFailure, keptFormSubmissions, retryDelayMs } from '~/browser/kept-form-submissions'

/**
 * What becomes of a kept form's submission (issue 20 item 4, decision 0035): answered, its copy
 * goes; failed for the network while the browser thought it was online, the page stays and the
 * form tries again later; otherwise the copy stays. The whole path in a browser:
 * tests/e2e/forms-network.test.ts.
 */
const formKey = 'kkkkkkkkkkkkkkkkkkkkkk'

function submission(key = formKey) {
  return new Request('http://land.localhost/property/x/1/', { method: 'POST', body: new URLSearchParams({ intent: 'contact', formKey: key, message: 'Hello' }) })
}

/** The middleware around an action that ended in `outcome`, as the router's single fetch hands it over. */
function runAction(request: Request, outcome: DataStrategyResult) {
  const next = async () => {
    await request.formData() // the router reads the body to send it
    return { property: outcome }
  }
  return keptFormSubmissions({ request, params: {}, context: new RouterContextProvider(), unstable_pattern: '' } as never, next) as Promise<
    Record<string, DataStrategyResult>
  >
}

const failedFetch: DataStrategyResult = { type: 'error', result: data(new TypeError('Failed to fetch'), undefined) }
const serverError: DataStrategyResult = { type: 'error', result: data(new Error('Unexpected Server Error'), 500) }

const outcomes = () => ({ onAnswered: vi.fn(), onNetworkFailure: vi.fn() })

/** An error response as React Router makes one of an answer that is not its own (a gateway's page). */
const errorResponse = (status: number, statusText: string, body: string) => ({ status, statusText, internal: false, data: body })

describe('a failure of the network', () => {
  it('is a fetch that failed or a gateway’s 502, 503 or 504, not an answer of ours', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true)
    for (const status of [502, 503, 504]) expect(isNetworkFailure(errorResponse(status, 'Bad Gateway', '<html>'))).toBe(true)
    for (const status of [400, 403, 409, 500]) expect(isNetworkFailure(errorResponse(status, '', ''))).toBe(false)
    expect(isNetworkFailure(new Error('Unexpected Server Error'))).toBe(false)
  })

  it('leaves the page as it is and tells the kept form whose submission it was', async () => {
    const { onAnswered, onNetworkFailure } = outcomes()
    awaitSubmission(formKey, { onAnswered, onNetworkFailure })
    const results = await runAction(submission(), failedFetch)
    expect(onNetworkFailure).toHaveBeenCalledOnce()
    expect(onAnswered).not.toHaveBeenCalled()
    // No data, and a status that keeps the router from reloading the page's data.
    expect(results.property).toEqual({ type: 'data', result: data(undefined, 503) })
    // Told once: the next failure is the next submission's.
    expect((await runAction(submission(), failedFetch)).property).toBe(failedFetch)
  })

  it('goes to the error page as before for a submission no kept form awaits, or for another error, and keeps the copy', async () => {
    const { onAnswered, onNetworkFailure } = outcomes()
    const forget = awaitSubmission(formKey, { onAnswered, onNetworkFailure })
    expect((await runAction(submission('other-key-other-key-00'), failedFetch)).property).toBe(failedFetch)
    expect((await runAction(submission(), serverError)).property).toBe(serverError)
    forget()
    expect((await runAction(submission(), failedFetch)).property).toBe(failedFetch)
    expect(onNetworkFailure).not.toHaveBeenCalled()
    expect(onAnswered).not.toHaveBeenCalled()
  })
})

describe('a submission the server answered', () => {
  it('lets its copy go, whether the answer is a redirect (to this page or another) or the page’s data', async () => {
    for (const answer of [
      { type: 'error', result: new Response(null, { status: 302, headers: { Location: '/account/listings/7/?published=new' } }) },
      { type: 'data', result: data({ intent: 'contact', result: { status: 'error' } }, 400) },
    ] satisfies DataStrategyResult[]) {
      const { onAnswered, onNetworkFailure } = outcomes()
      awaitSubmission(formKey, { onAnswered, onNetworkFailure })
      expect((await runAction(submission(), answer)).property).toBe(answer)
      expect(onAnswered).toHaveBeenCalledOnce()
      expect(onNetworkFailure).not.toHaveBeenCalled()
    }
  })

  it('is tried again after 5 s, then twice as long each time, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000])
  })
})
