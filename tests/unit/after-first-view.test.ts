import { describe, expect, test } from 'vitest'
import { afterFirstViewFunction } from '~/utils/after-first-view'

/**
 * The pages' inline scripts start the framework and the data layer's runtime with `afterFirstView`
 * (decision 0013): run here against a window whose load event, photo decoding, frames and timers
 * the test moves on by hand.
 */
function pageWithPhoto(photo: { decode: () => Promise<void> } | null) {
  const started: string[] = []
  const loadListeners: (() => void)[] = []
  const pending: (() => void)[] = []
  const browser = {
    addEventListener: (type: string, listener: () => void) => type === 'load' && loadListeners.push(listener),
    document: { querySelector: (selector: string) => (selector === 'img[fetchpriority=high]' ? photo : null) },
    requestAnimationFrame: (callback: () => void) => pending.push(callback),
    setTimeout: (callback: () => void) => pending.push(callback),
  }
  new Function(...Object.keys(browser), 'started', `${afterFirstViewFunction}afterFirstView(function(){started.push('framework')})`)(
    ...Object.values(browser),
    started,
  )
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return {
    started,
    settle,
    load: async () => {
      loadListeners.forEach((listener) => listener())
      await settle()
    },
    /** Runs what is waiting for the next frame or timer; returns how many ran. */
    step: async () => {
      const due = pending.splice(0)
      due.forEach((callback) => callback())
      await settle()
      return due.length
    },
  }
}

describe('afterFirstView', () => {
  test('runs nothing before load, nor before the priority photo is decoded, and then only two frames later', async () => {
    let decoded = () => {}
    const page = pageWithPhoto({ decode: () => new Promise<void>((resolve) => (decoded = resolve)) })
    expect(await page.step()).toBe(0)
    await page.load()
    expect(await page.step()).toBe(0)
    expect(page.started).toEqual([])
    decoded()
    await page.settle()
    await page.step() // the first frame
    await page.step() // the timer after it
    await page.step() // the second frame
    expect(page.started).toEqual([])
    await page.step() // the timer after it
    expect(page.started).toEqual(['framework'])
  })

  test('a page without a priority photo, or whose photo fails to decode, starts two frames after load', async () => {
    for (const photo of [null, { decode: () => Promise.reject(new Error('EncodingError')) }]) {
      const page = pageWithPhoto(photo)
      await page.load()
      for (let step = 0; step < 3; step++) await page.step()
      expect(page.started).toEqual([])
      await page.step()
      expect(page.started).toEqual(['framework'])
    }
  })
})
