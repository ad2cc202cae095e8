import { afterEach, expect, test, vi } from 'vitest'
import { chunkLoadRetry, retryImport } from '~/browser/retry-import'

/** Spec §8: a lazy chunk's load is tried 3 times, 300 ms apart; a chunk that never loads is said in the console only. */
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

test('the spec numbers: 3 attempts, 300 ms apart', () => {
  expect(chunkLoadRetry).toEqual({ attempts: 3, delayMs: 300 })
})

test('a chunk that fails twice is fetched a third time 300 ms after the second, and its module is used', async () => {
  vi.useFakeTimers()
  const module = { Component: 'loaded' }
  const load = vi
    .fn<() => Promise<typeof module>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue(module)
  const result = retryImport(load)
  await vi.advanceTimersByTimeAsync(0)
  expect(load).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(299)
  expect(load).toHaveBeenCalledTimes(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(load).toHaveBeenCalledTimes(2)
  await vi.advanceTimersByTimeAsync(300)
  expect(load).toHaveBeenCalledTimes(3)
  await expect(result).resolves.toBe(module)
})

test('a chunk that fails three times is not tried a fourth time: the failure goes to the console and the caller', async () => {
  vi.useFakeTimers()
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const failure = new TypeError('Failed to fetch dynamically imported module')
  const load = vi.fn<() => Promise<never>>().mockRejectedValue(failure)
  const result = retryImport(load)
  const settled = expect(result).rejects.toBe(failure)
  await vi.advanceTimersByTimeAsync(2_000)
  await settled
  expect(load).toHaveBeenCalledTimes(3)
  expect(logged).toHaveBeenCalledTimes(1)
  expect(logged).toHaveBeenCalledWith('A script chunk did not load after 3 attempts', failure)
})
