import type { Kysely } from 'kysely'
import { databaseContext } from '~/http/database.server'
import type { Database } from '~/models/db/db-schema'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { FinanceContactForm } from '~/components/finance-contact-form'
import { telHref } from '~/utils/tel-href'
import { financePageCenter } from '~/models/finance/finance-centers.server'
import { financeContactSectionId } from '~/models/finance/finance-contact'
import { handleFinanceContactPost } from './financing.server'
import { financingPath, parseFinanceCenterId } from '~/models/finance/finance-path'
import { siteExternalUrl } from '~/sites/external-url'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * Spec §2 /financing: the finance center named by `fcid` (or, without one, the site's default
 * center), its text and a contact form. An fcid naming no center of this site is a 404, as is a
 * site without finance centers.
 */
async function centerForRequest(db: Kysely<Database>, request: Request) {
  const site = siteFromRequest(request)
  const requested = parseFinanceCenterId(new URL(request.url).searchParams)
  const center = requested === undefined ? null : await financePageCenter(db, site, requested)
  if (!center) throw new Response('Not Found', { status: 404 })
  return { site, center }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { site, center } = await centerForRequest(context.get(databaseContext), request)
  const isSent = new URL(request.url).searchParams.get('sent') === '1'
  // What the page shows of the lender (its listing-page checkbox settings stay on the server).
  const { name, description, phone, website, representativeName } = center
  // The link carries the spec §5 tracking parameters; its text shows the lender's own address.
  const websiteHref = website && siteExternalUrl(site, website)
  return { center: { name, description, phone, website, websiteHref, representativeName }, path: financingPath(center.id), isSent, siteName: site.name }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const db = context.get(databaseContext)
  const { site, center } = await centerForRequest(db, request)
  return handleFinanceContactPost(db, site, request, center)
}

export const headers = passRetryAfter()

export const handle: AnalyticsHandle = { analytics: 'financing' }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  const { center, path, siteName } = data
  const [firstParagraph = ''] = center.description.split(/\n\s*\n/)
  return pageMeta(headContextFrom(matches), {
    title: `Land Financing from ${center.name} | ${siteName}`,
    description: firstParagraph.length > 160 ? `${firstParagraph.slice(0, firstParagraph.lastIndexOf(' ', 157))}…` : firstParagraph,
    canonicalPath: path,
  })
}

function websiteLabel(website: string) {
  return website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')
}

export default function Financing() {
  const { center, path, isSent } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 medium:grid-cols-[3fr_2fr]">
      <section aria-labelledby="finance-heading">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Land financing</p>
        <h1 id="finance-heading" className="mt-1 text-3xl font-bold text-brand">
          {center.name}
        </h1>
        {center.description.split(/\n\s*\n/).map((paragraph, index) => (
          <p key={index} className="mt-3 leading-relaxed">
            {paragraph}
          </p>
        ))}
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {center.phone ? (
            <>
              <dt className="font-semibold">Phone</dt>
              <dd>
                <a href={telHref(center.phone)} className="text-brand underline">
                  {center.phone}
                </a>
              </dd>
            </>
          ) : null}
          {center.website && center.websiteHref ? (
            <>
              <dt className="font-semibold">Website</dt>
              <dd>
                <a href={center.websiteHref} rel="noopener noreferrer external" className="text-brand underline">
                  {websiteLabel(center.website)}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <section id={financeContactSectionId} aria-labelledby="finance-contact-heading" className="rounded-lg border border-ink/15 bg-white p-5">
        <h2 id="finance-contact-heading" className="text-xl font-semibold">
          {`Contact ${center.name}`}
        </h2>
        <p className="mb-4 mt-1 text-sm text-ink/80">{`${center.representativeName} will reply to the e-mail address you give.`}</p>
        {isSent && !lastResult ? (
          <p role="status" className="mb-4 rounded-md bg-green-50 p-3 font-medium text-green-900">
            {`Your message was sent to ${center.name}.`}
          </p>
        ) : null}
        <FinanceContactForm action={path} lastResult={lastResult} />
      </section>
    </div>
  )
}
