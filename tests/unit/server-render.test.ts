import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { renderWholePage } from '~/document/render.server'

describe('server rendering', () => {
  // React 18's writer encoded into 2 KB views and, when a character of two or more bytes did not fit
  // a view's last byte, sent the view whole: a NUL byte before the character. Cards print ' · '.
  // React 19 fills 4 KB views and is fixed (decision 0011); this keeps a regression from coming back.
  it('writes every character intact wherever it falls against the writer’s buffers', async () => {
    for (let padding = 0; padding < 40; padding++) {
      const cards = Array.from({ length: 200 }, (_, index) => createElement('span', { key: index }, `$${index * 1000} · ${index} acres ✓ 🌾`))
      const element = createElement('p', null, 'a'.repeat(padding), ...cards)
      // The page as the document renderer collects React's stream of bytes and decodes it.
      const page = await renderWholePage(element, undefined, (error) => {
        throw error
      })
      expect(page.includes('\u0000'), `a NUL byte after ${padding} characters`).toBe(false)
      expect(page).toBe(renderToString(element))
    }
  })
})
