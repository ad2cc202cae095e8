/** Spec §8 "Retry helper: 3 attempts, 300 ms apart" for lazily loaded chunks. */
export const chunkLoadRetry = { attempts: 3, delayMs: 300 } as const

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/**
 * A dynamic import tried up to three times, 300 ms apart: a chunk fetched over a flaky rural link
 * often arrives on the second try. A chunk that never arrives is said in the console only (spec
 * §8), and the last error goes on to the caller as before.
 */
export async function retryImport<Module>(load: () => Promise<Module>, { attempts, delayMs } = chunkLoadRetry): Promise<Module> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load()
    } catch (error) {
      if (attempt >= attempts) {
        console.error(`A script chunk did not load after ${attempts} attempts`, error)
        throw error
      }
      await wait(delayMs)
    }
  }
}
