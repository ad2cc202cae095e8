import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { reportClientError } from '~/browser/client-error-log'

/** Spec §7 client error log: what a browser sends to POST /logging/log/ when a page fails to render. */
describe('reportClientError', () => {
  const sendBeacon = vi.fn((_url: string, _body: Blob) => true)

  beforeEach(() => {
    vi.stubGlobal('navigator', { sendBeacon, userAgent: 'Mozilla/5.0 (test)' })
    vi.stubGlobal('window', { location: { href: 'http://land.localhost/search/all-land/' } })
    vi.stubGlobal('document', { referrer: 'http://land.localhost/' })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    sendBeacon.mockClear()
  })

  test('sends the message, severity, page, referrer, user agent and component stack as a beacon', async () => {
    reportClientError(new TypeError('listing.broker is undefined'), '\n    at ListingBroker\n    at ListingPage')
    expect(sendBeacon).toHaveBeenCalledTimes(1)
    const [url, body] = sendBeacon.mock.calls[0]!
    expect(url).toBe('/logging/log/')
    expect(JSON.parse(await body.text())).toEqual({
      message: 'TypeError: listing.broker is undefined',
      logSeverity: 'error',
      url: 'http://land.localhost/search/all-land/',
      referringUrl: 'http://land.localhost/',
      userAgent: 'Mozilla/5.0 (test)',
      componentStack: '\n    at ListingBroker\n    at ListingPage',
    })
  })

  test('an answer such as a 404 is a page, not an error: nothing is sent', () => {
    // The shape of React Router's error responses (isRouteErrorResponse).
    const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null }
    reportClientError(notFound, undefined)
    expect(sendBeacon).not.toHaveBeenCalled()
  })
})
