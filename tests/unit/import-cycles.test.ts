import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

/**
 * No module of app/ or server/ imports itself back through others (decision 0056). ESLint has no
 * cycle rule of its own and no plugin with one is installed, so this test reads the import graph
 * with the TypeScript parser: every static `import` and `export … from`, type-only ones included
 * (a type loop is a layering loop too), resolved for `~/` and relative paths. A dynamic `import()`
 * loads later, so it closes no loop.
 */
const roots = ['app', 'server']
const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : []
  })
}

const files = roots.flatMap(sourceFiles)
const known = new Set(files)

function resolve(importer: string, specifier: string) {
  const base = specifier.startsWith('~/')
    ? path.join('app', specifier.slice(2))
    : specifier.startsWith('.')
      ? path.join(path.dirname(importer), specifier)
      : undefined
  return base === undefined ? undefined : extensions.map((extension) => base + extension).find((candidate) => known.has(candidate))
}

function importsOf(file: string) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((statement) => {
    const specifier = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined
    const imported = specifier && ts.isStringLiteral(specifier) ? resolve(file, specifier.text) : undefined
    return imported ? [imported] : []
  })
}

/** One loop through each group of modules that reach one another (Tarjan's strongly connected components). */
function importCycles(graph: Map<string, string[]>) {
  const order = new Map<string, number>()
  const lowest = new Map<string, number>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (file: string) => {
    order.set(file, order.size)
    lowest.set(file, order.get(file)!)
    stack.push(file)
    for (const imported of graph.get(file)!) {
      if (!order.has(imported)) visit(imported)
      if (stack.includes(imported)) lowest.set(file, Math.min(lowest.get(file)!, lowest.get(imported)!))
    }
    if (lowest.get(file) !== order.get(file)) return
    const component = stack.splice(stack.indexOf(file))
    if (component.length > 1 || graph.get(file)!.includes(file)) cycles.push(loopThrough(graph, new Set(component), file))
  }
  for (const file of graph.keys()) if (!order.has(file)) visit(file)
  return cycles
}

/** The shortest way from `start` back to itself inside its component: the loop a reader can follow. */
function loopThrough(graph: Map<string, string[]>, component: Set<string>, start: string) {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (const file of queue) {
    for (const imported of graph.get(file)!.filter((next) => component.has(next))) {
      if (imported === start) {
        const loop = [file]
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]!)!)
        return [...loop, start]
      }
      if (cameFrom.has(imported)) continue
      cameFrom.set(imported, file)
      queue.push(imported)
    }
  }
  return [start]
}

test('no import cycle in app/ and server/', () => {
  const graph = new Map(files.map((file) => [file, importsOf(file)]))
  expect(importCycles(graph).map((loop) => loop.join(' → '))).toEqual([])
})
