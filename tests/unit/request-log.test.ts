import { afterEach, describe, expect, test, vi } from 'vitest'
import { type RequestLogEntry, requestLine, requestLogger } from '../../server/request-log'

/** Issue 34 item 7: a person watching a terminal reads a short line per request; whatever collects the log gets JSON lines. */
const entry: RequestLogEntry = {
  time: '2026-11-28T12:00:00.000Z',
  requestId: 'b6c1',
  method: 'GET',
  host: 'land.localhost:3000',
  path: '/search/texas-land-for-sale/',
  status: 200,
  durationMs: 34.4,
  pid: 4242,
}

afterEach(() => {
  vi.restoreAllMocks()
})

function printed(log: (entry: RequestLogEntry) => void, logged: RequestLogEntry) {
  const print = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  log(logged)
  return print.mock.calls.map((call) => String(call[0]))
}

describe('the request log', () => {
  test('in a terminal, one short line: method, host and path, status, time', () => {
    expect(requestLine(entry)).toBe('GET land.localhost:3000/search/texas-land-for-sale/ 200 34 ms')
    expect(requestLine({ ...entry, status: 499, aborted: true })).toBe('GET land.localhost:3000/search/texas-land-for-sale/ 499 34 ms (the client left)')
    expect(printed(requestLogger(undefined, true), entry)).toEqual(['GET land.localhost:3000/search/texas-land-for-sale/ 200 34 ms'])
  })

  test('anywhere else (a process manager, a container, the tests) JSON lines, as production has always written them', () => {
    expect(printed(requestLogger(undefined, false), entry).map((line) => JSON.parse(line) as unknown)).toEqual([entry])
  })

  test('LOG_FORMAT decides outright', () => {
    expect(printed(requestLogger('json', true), entry).map((line) => JSON.parse(line) as unknown)).toEqual([entry])
    expect(printed(requestLogger('text', false), entry)).toEqual([requestLine(entry)])
  })
})
