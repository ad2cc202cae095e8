import { afterEach, describe, expect, test, vi } from 'vitest'
import { timedCache } from '~/utils/timed-cache.server'

/** A one-second cache over a computation that counts its runs and fails while `failing` is set. */
function countingCache() {
  const state = { computed: 0, failing: false }
  const cached = timedCache(1000, async (_db: object, key: string) => {
    state.computed += 1
    if (state.failing) throw new Error('down')
    return `${key} ${state.computed}`
  })
  return { state, cached }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('timed cache', () => {
  afterEach(() => vi.useRealTimers())

  test('past its time the old value is answered while a new one is computed, and a failure is forgotten', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { state, cached } = countingCache()
    const handle = {}
    expect(await cached(handle, 'a')).toBe('a 1')
    expect(await cached(handle, 'a')).toBe('a 1')
    vi.setSystemTime(Date.now() + 1001)
    expect(await cached(handle, 'a')).toBe('a 1')
    await nextTurn()
    expect(await cached(handle, 'a')).toBe('a 2')
    state.failing = true
    await expect(cached(handle, 'b')).rejects.toThrow('down')
    state.failing = false
    expect(await cached(handle, 'b')).toBe('b 4')
  })

  test('a refresh that fails keeps the old value, and the next ask past its time tries again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { state, cached } = countingCache()
    const handle = {}
    expect(await cached(handle, 'a')).toBe('a 1')
    vi.setSystemTime(Date.now() + 1001)
    state.failing = true
    expect(await cached(handle, 'a')).toBe('a 1')
    await nextTurn()
    state.failing = false
    expect(await cached(handle, 'a')).toBe('a 1')
    await nextTurn()
    expect(await cached(handle, 'a')).toBe('a 3')
  })

  test('two database handles never share values', async () => {
    const { cached } = countingCache()
    expect(await cached({}, 'a')).toBe('a 1')
    expect(await cached({}, 'a')).toBe('a 2')
  })
})
