import postcss, { type ChildNode, type Container } from 'postcss'
import { inlineStylesheetId } from './inline-stylesheet'

/**
 * Decision 0042: a page's inline stylesheet is the site stylesheet's rules that its own markup can
 * use; the whole file follows once the page has been painted (deferred-framework.server.ts), before
 * any script can change the page's classes.
 *
 * A rule is kept when one of its selectors names only classes that appear in the page's `class`
 * attributes (or names none: element, attribute and `:root` rules stay). At-rules that hold rules
 * (`@media`, `@supports`) keep what they hold that is kept; the others (`@keyframes`, `@font-face`)
 * stay whole.
 */
type Piece = { css: string; selectorClasses: string[][] } | { atRule: string; children: Piece[] } | { css: string }

const classPattern = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g
const classAttributePattern = /\sclass="([^"]*)"/g
const htmlEntities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" }

/** A selector's class names, unescaped (`hover\:bg-brand` is the class `hover:bg-brand`). */
function classesOf(selector: string) {
  // Classes inside :not(…) need not be present for the selector to match.
  const positive = selector.replace(/:not\([^)]*\)/g, '')
  return [...positive.matchAll(classPattern)].map(([, name]) =>
    name!.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_escape, hex: string | undefined, character: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : character!,
    ),
  )
}

function piecesOf(container: Container): Piece[] {
  return (container.nodes ?? []).flatMap((node: ChildNode): Piece[] => {
    if (node.type === 'rule') return [{ css: node.toString(), selectorClasses: node.selectors.map(classesOf) }]
    if (node.type === 'atrule' && node.nodes?.some((child) => child.type === 'rule' || child.type === 'atrule')) {
      return [{ atRule: `@${node.name} ${node.params}`, children: piecesOf(node) }]
    }
    return node.type === 'comment' ? [] : [{ css: node.toString() }]
  })
}

function keptCss(pieces: Piece[], used: ReadonlySet<string>): string {
  return pieces
    .map((piece) => {
      if ('atRule' in piece) {
        const inner = keptCss(piece.children, used)
        return inner ? `${piece.atRule}{${inner}}` : ''
      }
      if ('selectorClasses' in piece && !piece.selectorClasses.some((classes) => classes.every((name) => used.has(name)))) return ''
      return piece.css
    })
    .join('')
}

/** The class names a page's markup uses. */
export function classesInPage(html: string): Set<string> {
  const used = new Set<string>()
  for (const [, value] of html.matchAll(classAttributePattern)) {
    for (const name of value!.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => htmlEntities[entity]!).split(/\s+/)) if (name) used.add(name)
  }
  return used
}

const parsedStylesheets = new Map<string, Piece[]>()

/** The rules of `stylesheet` a page whose markup uses `classes` can apply; parsed once per stylesheet. */
export function pageStylesheet(stylesheet: string, classes: ReadonlySet<string>): string {
  let pieces = parsedStylesheets.get(stylesheet)
  if (!pieces) parsedStylesheets.set(stylesheet, (pieces = piecesOf(postcss.parse(stylesheet))))
  return keptCss(pieces, classes)
}

/** The page with its inline site stylesheet (`<style id="site-stylesheet">`) cut to the rules its markup can use. */
export function withPageStylesheet(html: string, stylesheet: string): string {
  const styleStart = html.indexOf(`<style id="${inlineStylesheetId}"`)
  const cssStart = styleStart < 0 ? -1 : html.indexOf('>', styleStart) + 1
  const cssEnd = cssStart <= 0 ? -1 : html.indexOf('</style>', cssStart)
  if (cssEnd < 0) return html
  return html.slice(0, cssStart) + pageStylesheet(stylesheet, classesInPage(html)) + html.slice(cssEnd)
}
