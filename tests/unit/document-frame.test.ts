import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { FramePart, FramePartsProvider } from '~/document/frame'

/**
 * A frame part (decision 0057): the server writes the markup it is handed; the browser's render
 * has none to write, and leaves the element's markup to the server's (React does not hydrate it).
 */
test('the server writes a part the document hands it, by its id first', () => {
  const html = renderToString(
    createElement(
      FramePartsProvider,
      { value: { 'footer-columns': '<section><a href="/search/texas-land-for-sale/">Texas</a></section>' } },
      createElement(FramePart, { as: 'div', id: 'footer-columns', className: 'grid' }),
    ),
  )
  expect(html).toBe('<div id="footer-columns" class="grid"><section><a href="/search/texas-land-for-sale/">Texas</a></section></div>')
})

test('without the document (the browser, or a part the page lacks) the element is empty, for React to leave as it finds it', () => {
  expect(renderToString(createElement(FramePart, { as: 'li', id: 'search-by-state-panel' }))).toBe('<li id="search-by-state-panel"></li>')
})
