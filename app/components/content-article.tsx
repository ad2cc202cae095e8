import type { ContentPage } from '~/models/content/content-pages'
import type { ContentBlock, InlineText } from '~/models/content/content-text'
import { tableOfContentsMinimumSections } from '~/models/content/table-of-contents'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'

function Inline({ parts }: { parts: InlineText[] }) {
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={index} href={part.href} className="font-medium text-brand underline">
            {part.text}
          </a>
        ),
      )}
    </>
  )
}

function Block({ block }: { block: ContentBlock }) {
  if ('paragraph' in block) {
    return (
      <p className="mt-3">
        <Inline parts={block.paragraph} />
      </p>
    )
  }
  if ('table' in block) {
    const { caption, head, rows } = block.table
    // A wide table scrolls on its own on a phone; the region takes focus so the keyboard can scroll it.
    return (
      <ScrollRegion label={caption} className="mt-4">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <ColumnHeadings headings={head} />
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t border-ink/10 align-top">
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    <th key={cellIndex} scope="row" className="whitespace-nowrap px-3 py-2 font-mono text-xs font-semibold">
                      <Inline parts={cell} />
                    </th>
                  ) : (
                    <td key={cellIndex} className="px-3 py-2">
                      <Inline parts={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    )
  }
  if ('code' in block) {
    return (
      <pre
        className="mt-4 overflow-x-auto rounded-md bg-ink/5 p-3 text-xs leading-relaxed focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
        tabIndex={0}
        role="region"
        aria-label={block.label}
      >
        <code>{block.code}</code>
      </pre>
    )
  }
  return (
    <ul className="mt-3 list-disc space-y-1 pl-6">
      {block.list.map((item, index) => (
        <li key={index}>
          <Inline parts={item} />
        </li>
      ))}
    </ul>
  )
}

/**
 * A content page (terms, and the partner documentation with its tables and examples) as one article: h1, then an h2
 * per section, with a table of contents of in-page links on long pages. Prints without the site
 * chrome or the contents list, and says where the printed copy came from.
 */
export function ContentArticle({ page, pageUrl }: { page: ContentPage; pageUrl: string }) {
  const hasTableOfContents = page.sections.length >= tableOfContentsMinimumSections
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 leading-relaxed text-ink print:max-w-none print:p-0" aria-labelledby="content-heading">
      <h1 id="content-heading" className="text-3xl font-bold text-brand print:text-ink">
        {page.heading}
      </h1>
      <p className="mt-1 text-sm text-ink/70">{`Last updated ${page.updated}`}</p>
      {page.introduction.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {hasTableOfContents ? (
        <nav aria-labelledby="contents-heading" className="mt-6 rounded-md border border-ink/15 bg-white p-4 print:hidden">
          <h2 id="contents-heading" className="text-lg font-semibold">
            On this page
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-6">
            {page.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {page.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-8 break-inside-avoid-page">
          <h2 id={section.id} className="scroll-mt-4 text-xl font-semibold">
            {section.heading}
          </h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
      <p className="mt-10 hidden text-sm print:block">{`Printed from ${pageUrl}`}</p>
    </article>
  )
}
