import { Form } from 'react-router'
import type { ReactNode } from 'react'
import { brokerSortOptions } from '~/models/brokers/broker-directory'
import type { BrokerDirectoryPageData } from './page.server'
import { useSiteOrigin } from '~/hooks/use-site'
import { BrokerCard } from './broker-card'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { JsonLd, breadcrumbList } from '~/components/json-ld'
import { Pagination } from '~/components/pagination'

const fieldStyle = 'mt-1 w-full rounded-md border border-ink/30 bg-white px-2 py-2 text-sm'

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  )
}

/** Spec §2 directory filters as one GET form: it works without scripts, and the server turns it into a path. */
function DirectoryFilters({ page }: { page: BrokerDirectoryPageData }) {
  const { criteria } = page
  return (
    <Form
      method="get"
      action={page.formAction}
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 small:grid-cols-2 tablet:grid-cols-[2fr_1fr_1fr_1fr_auto] tablet:items-end"
    >
      <Field id="directory-name" label="Name">
        <input id="directory-name" type="search" name="name" defaultValue={criteria.name ?? ''} placeholder="Agent or company name" className={fieldStyle} />
      </Field>
      <Field id="directory-state" label="State">
        <select id="directory-state" name="state" defaultValue={criteria.state ?? ''} className={fieldStyle}>
          <option value="">All states</option>
          {page.stateOptions.map((state) => (
            <option key={state.token} value={state.token}>
              {state.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="directory-type" label="Type">
        <select id="directory-type" name="type" defaultValue={criteria.brokerType ?? ''} className={fieldStyle}>
          <option value="">All types</option>
          {page.typeOptions.map((type) => (
            <option key={type.word} value={type.word}>
              {type.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="directory-sort" label="Sort by">
        <select id="directory-sort" name="sort" defaultValue={criteria.sort} className={fieldStyle}>
          {brokerSortOptions.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="rounded-md bg-brand px-5 py-2 font-semibold text-brand-contrast hover:bg-brand/90">
        Search
      </button>
    </Form>
  )
}

function LinkList({ label, links, className }: { label: string; links: BrokerDirectoryPageData['typeLinks']; className: string }) {
  return (
    <ul aria-label={label} className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            aria-current={link.isCurrent ? 'page' : undefined}
            className="inline-block py-1 text-brand hover:underline aria-[current=page]:font-bold aria-[current=page]:text-ink"
          >
            {`${link.label} (${link.count.toLocaleString('en-US')})`}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** The broker directory (spec §2 screens "broker directory"): filters, brokers 25 a page, and browsing by type and state. */
export function BrokerDirectoryPage({ page }: { page: BrokerDirectoryPageData }) {
  const origin = useSiteOrigin()
  const absolute = (path: string) => new URL(path, origin).href
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs crumbs={page.breadcrumbs} />
      <h1 className="mt-3 text-2xl font-bold text-brand small:text-3xl">{page.heading}</h1>
      <div className="mt-4">
        <DirectoryFilters page={page} />
      </div>
      <LinkList label="Broker types" links={page.typeLinks} className="mt-4 flex flex-wrap gap-x-5 text-sm font-medium" />
      <p className="mt-4 font-medium" aria-live="polite">
        {`${page.totalCount.toLocaleString('en-US')} ${page.totalCount === 1 ? 'result' : 'results'}${page.criteria.name ? ` for “${page.criteria.name}”` : ''}`}
      </p>
      <section aria-label="Agents and brokers" className="mt-3">
        {page.brokers.length > 0 ? (
          <ol className="grid grid-cols-1 gap-4 small:grid-cols-2 tablet:grid-cols-3">
            {page.brokers.map((broker) => (
              <li key={broker.id}>
                <BrokerCard broker={broker} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="rounded-lg border border-ink/15 bg-white p-6">
            No agents or brokers match this search.{' '}
            <a href={page.formAction} className="font-medium text-brand underline">
              See every agent and broker
            </a>
          </p>
        )}
        <Pagination {...page.pagination} />
      </section>
      {page.stateLinks.length > 0 ? (
        <section aria-labelledby="states-heading" className="mt-10">
          <h2 id="states-heading" className="text-xl font-bold">
            Browse by state
          </h2>
          <LinkList label="States" links={page.stateLinks} className="mt-3 columns-2 gap-6 text-sm small:columns-3 tablet:columns-5" />
        </section>
      ) : null}
      <JsonLd
        graph={[
          breadcrumbList(page.breadcrumbs, absolute),
          {
            '@type': 'ItemList',
            itemListElement: page.brokers.map((broker, index) => ({ '@type': 'ListItem', position: index + 1, url: absolute(broker.href), name: broker.name })),
          },
        ]}
      />
    </div>
  )
}
