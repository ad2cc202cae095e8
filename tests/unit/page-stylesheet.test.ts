import { describe, expect, test } from 'vitest'
import { classesInPage, pageStylesheet, withPageStylesheet } from '~/document/page-stylesheet.server'

// The shapes Tailwind writes: escaped variants and arbitrary values, compound and :not selectors,
// rules inside @media, and rules a page always needs (elements, attributes, :root, @keyframes).
const stylesheet = [
  ':root{--brand:0 0 0}',
  'html{font-family:serif}',
  '[hidden]{display:none}',
  '.card{padding:1rem}',
  '.hover\\:underline:hover{text-decoration:underline}',
  '.\\[\\&\\>li\\]\\:py-0\\.5>li{padding:.125rem 0}',
  '.target-modal.is-open{display:flex}',
  '.menu:not(.is-drawer) .menu-item{display:inline}',
  '.unused{color:red}',
  '.card,.unused-too{margin:0}',
  '@media (min-width:601px){.small\\:grid{display:grid}.unused{color:blue}}',
  '@media print{.only-unused{display:none}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('')

const page = `<html><head><style id="site-stylesheet" nonce="n">${stylesheet}</style></head><body><main class="card hover:underline"><ul class="[&amp;&gt;li]:py-0.5 small:grid"><li class="menu-item">a</li></ul><nav class="menu"></nav><div class="target-modal"></div></main></body></html>`

describe('a page stylesheet', () => {
  const used = classesInPage(page)
  const css = pageStylesheet(stylesheet, used)

  test("reads the page's class names as written in its markup, entities decoded", () => {
    expect([...used]).toEqual(expect.arrayContaining(['card', 'hover:underline', '[&>li]:py-0.5', 'small:grid', 'menu-item', 'menu', 'target-modal']))
  })

  test('keeps the rules whose selectors name only classes the page uses, escaped or not', () => {
    expect(css).toContain('.card{padding:1rem}')
    expect(css).toContain('.hover\\:underline:hover')
    expect(css).toContain('.\\[\\&\\>li\\]\\:py-0\\.5>li')
    expect(css).toContain('.menu:not(.is-drawer) .menu-item')
    // One selector of a list is enough.
    expect(css).toContain('.card,.unused-too{margin:0}')
  })

  test('drops the rules that name a class the page does not use, and the at-rules left empty', () => {
    expect(css).not.toContain('.unused{')
    expect(css).not.toContain('.target-modal.is-open')
    expect(css).not.toContain('@media print')
    expect(css).toContain('@media (min-width:601px){.small\\:grid{display:grid}}')
  })

  test('keeps the rules every page needs: elements, attributes, :root and keyframes', () => {
    for (const rule of [':root{--brand:0 0 0}', 'html{font-family:serif}', '[hidden]{display:none}', '@keyframes spin{to{transform:rotate(1turn)}}']) {
      expect(css).toContain(rule)
    }
  })

  test("is written into the page's own style element, and the rest of the page is left as it was", () => {
    const cut = withPageStylesheet(page, stylesheet)
    expect(cut).toBe(page.replace(stylesheet, css))
    expect(cut.length).toBeLessThan(page.length)
  })
})
