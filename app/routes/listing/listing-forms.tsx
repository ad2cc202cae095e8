import { Form } from 'react-router'
import { useEffect, useState } from 'react'
import { type ListingFormIntent, honeypotField, listingFormSectionIds, maxShareRecipients, reportReasons } from '~/models/listings/listing-form-fields'
import { ContactModal, type FinanceCheckbox, usePageForm } from '~/components/contact-form'
import { Confirmation, FormField, HoneypotField, submitButtonStyle as submitStyle } from '~/components/form-field'
import type { PageFormResult } from '~/components/page-form'
import { FormConnection } from '~/components/form-connection'
import { FormErrors } from '~/components/account-page'
import { TargetModal } from '~/components/target-modal'
import { getFormProps, getInputProps } from '~/components/server-form'
import { useAccountContact } from '~/hooks/use-site'

/** What the listing page's action answered: the failed submission of one of its forms. */
export type ListingFormResult = PageFormResult

interface ListingFormsProps {
  /** The failed submission to show again, if any. */
  actionResult: ListingFormResult | undefined
  /** Which form just succeeded (`?sent=` after the redirect). */
  sent: ListingFormIntent | null
  brokerName: string | null
  canContact: boolean
  /** The listing page's path: closing a modal without scripts returns there. */
  pagePath: string
  financeCheckbox: FinanceCheckbox | null
  /** Owner-listed vacant land's word of caution on the contact form, or null. */
  safetyNote: string | null
}

/** Copies the listing's address (issue 6 §5: copy-link with JavaScript); absent without scripts. */
function CopyLinkButton({ path }: { path: string }) {
  const [canCopy, setCanCopy] = useState(false)
  const [isCopied, setIsCopied] = useState(false)
  useEffect(() => setCanCopy(typeof navigator.clipboard?.writeText === 'function'), [])
  if (!canCopy) return null
  const copy = () => navigator.clipboard.writeText(new URL(path, window.location.origin).href).then(() => setIsCopied(true))
  return (
    <p className="mb-4">
      <button type="button" onClick={copy} className="rounded-md border border-brand px-3 py-2 text-sm font-semibold text-brand hover:bg-brand/5">
        Copy link
      </button>
      <span aria-live="polite" className="ml-3 text-sm font-medium text-green-900">
        {isCopied ? 'Link copied' : ''}
      </span>
    </p>
  )
}

/**
 * The listing page's three forms as modals (issue 6 §5): each a plain POST that works without
 * scripts, validated on the server (the same spec §5 messages with scripts or without).
 */
export function ListingForms({ actionResult, sent, brokerName, canContact, pagePath, financeCheckbox, safetyNote }: ListingFormsProps) {
  const account = useAccountContact()
  const [reportForm, report] = usePageForm('report', actionResult, { email: account.email })
  const [shareForm, share] = usePageForm('share', actionResult, { senderName: account.name })
  const isOpen = (intent: ListingFormIntent) => actionResult?.intent === intent || sent === intent
  return (
    <>
      {canContact ? (
        <ContactModal
          title={brokerName ? `Contact ${brokerName}` : 'Contact the seller'}
          actionResult={actionResult}
          isSent={sent === 'contact'}
          pagePath={pagePath}
          financeCheckbox={financeCheckbox}
          safetyNote={safetyNote}
        />
      ) : null}
      <TargetModal id={listingFormSectionIds.report} title="Report this listing" isOpen={isOpen('report')} closeHref={pagePath} answer={actionResult}>
        {sent === 'report' ? <Confirmation>Thank you. We will review this listing.</Confirmation> : null}
        <Form method="post" action={pagePath} {...getFormProps(reportForm)} preventScrollReset>
          <input type="hidden" name="intent" value="report" />
          <HoneypotField name={honeypotField} />
          <FormErrors id={reportForm.errorId} errors={reportForm.errors} />
          <fieldset className="mb-3">
            <legend className="text-sm font-semibold">What is wrong?</legend>
            {reportReasons.map((reason) => (
              <label key={reason.key} className="mt-1 flex items-center gap-2">
                <input {...getInputProps(report.reason, { type: 'radio', value: reason.key })} id={undefined} className="accent-brand" />
                {reason.label}
              </label>
            ))}
            {report.reason.errors?.[0] ? (
              <p id={report.reason.errorId} className="mt-1 text-sm font-medium text-red-800">
                {report.reason.errors[0]}
              </p>
            ) : null}
          </fieldset>
          <FormField field={report.details} label="Details" multiline />
          <FormField field={report.email} label="Your e-mail" type="email" autoComplete="email" hint="Only if you would like to hear back." />
          <button type="submit" className={submitStyle}>
            Send report
          </button>
          <FormConnection formId={reportForm.id} />
        </Form>
      </TargetModal>
      <TargetModal id={listingFormSectionIds.share} title="Send to a friend" isOpen={isOpen('share')} closeHref={pagePath} answer={actionResult}>
        {sent === 'share' ? <Confirmation>Sent. Your friends will get a link to this property.</Confirmation> : null}
        <CopyLinkButton path={pagePath} />
        <Form method="post" action={pagePath} {...getFormProps(shareForm)} preventScrollReset>
          <input type="hidden" name="intent" value="share" />
          <HoneypotField name={honeypotField} />
          <FormErrors id={shareForm.errorId} errors={shareForm.errors} />
          <FormField field={share.recipients} label="Friends' e-mail addresses" type="text" hint={`Separate addresses with commas, up to ${maxShareRecipients}.`} />
          <FormField field={share.senderName} label="Your name" autoComplete="name" />
          <FormField field={share.message} label="Message" multiline />
          <button type="submit" className={submitStyle}>
            Send
          </button>
          <FormConnection formId={shareForm.id} />
        </Form>
      </TargetModal>
    </>
  )
}
