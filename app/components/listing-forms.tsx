import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import {
  ContactSchema,
  type ListingFormIntent,
  ReportSchema,
  ShareSchema,
  honeypotField,
  listingFormSectionIds,
  maxShareRecipients,
  reportReasons,
} from '~/models/listing-forms'
import { Confirmation, FormField, HoneypotField, submitButtonStyle as submitStyle } from './form-field'
import { TargetModal } from './target-modal'

/** What the listing page's action answered: the failed submission of one of its forms. */
export interface ListingFormResult {
  intent: ListingFormIntent
  result: SubmissionResult<string[]>
}

interface ListingFormsProps {
  /** The failed submission to show again, if any. */
  actionResult: ListingFormResult | undefined
  /** Which form just succeeded (`?sent=` after the redirect). */
  sent: ListingFormIntent | null
  brokerName: string | null
  canContact: boolean
  /** The listing page's path: closing a modal without scripts returns there. */
  pagePath: string
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

function useListingForm<Schema extends typeof ContactSchema | typeof ReportSchema | typeof ShareSchema>(
  intent: ListingFormIntent,
  schema: Schema,
  actionResult: ListingFormResult | undefined,
) {
  return useForm<z.input<Schema>>({
    id: `${intent}-form`,
    lastResult: actionResult?.intent === intent ? actionResult.result : undefined,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    // Checking on blur would insert messages while the pointer moves to the next field and shift
    // it away from under the click; messages come after the first submit, then update as you type.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
}

/**
 * The listing page's three forms as modals (issue 6 §5): each a plain POST that works without
 * scripts, validated by the same schema in the browser and on the server.
 */
export function ListingForms({ actionResult, sent, brokerName, canContact, pagePath }: ListingFormsProps) {
  const [contactForm, contact] = useListingForm('contact', ContactSchema, actionResult)
  const [reportForm, report] = useListingForm('report', ReportSchema, actionResult)
  const [shareForm, share] = useListingForm('share', ShareSchema, actionResult)
  const isOpen = (intent: ListingFormIntent) => actionResult?.intent === intent || sent === intent
  return (
    <>
      {canContact ? (
        <TargetModal id={listingFormSectionIds.contact} title={brokerName ? `Contact ${brokerName}` : 'Contact the seller'} isOpen={isOpen('contact')} closeHref={pagePath} answer={actionResult}>
          {sent === 'contact' ? <Confirmation>Your message was sent. The seller will reply to the e-mail address you gave.</Confirmation> : null}
          <Form method="post" {...getFormProps(contactForm)} preventScrollReset>
            <input type="hidden" name="intent" value="contact" />
            <HoneypotField name={honeypotField} />
            <FormField field={contact.name} label="Full name" autoComplete="name" />
            <FormField field={contact.email} label="E-mail" type="email" autoComplete="email" />
            <FormField field={contact.phone} label="Phone" type="tel" autoComplete="tel" />
            <FormField field={contact.message} label="Message" multiline />
            <button type="submit" className={submitStyle}>
              Send message
            </button>
          </Form>
        </TargetModal>
      ) : null}
      <TargetModal id={listingFormSectionIds.report} title="Report this listing" isOpen={isOpen('report')} closeHref={pagePath} answer={actionResult}>
        {sent === 'report' ? <Confirmation>Thank you. We will review this listing.</Confirmation> : null}
        <Form method="post" {...getFormProps(reportForm)} preventScrollReset>
          <input type="hidden" name="intent" value="report" />
          <HoneypotField name={honeypotField} />
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
        </Form>
      </TargetModal>
      <TargetModal id={listingFormSectionIds.share} title="Send to a friend" isOpen={isOpen('share')} closeHref={pagePath} answer={actionResult}>
        {sent === 'share' ? <Confirmation>Sent. Your friends will get a link to this property.</Confirmation> : null}
        <CopyLinkButton path={pagePath} />
        <Form method="post" {...getFormProps(shareForm)} preventScrollReset>
          <input type="hidden" name="intent" value="share" />
          <HoneypotField name={honeypotField} />
          <FormField field={share.recipients} label="Friends' e-mail addresses" type="text" hint={`Separate addresses with commas, up to ${maxShareRecipients}.`} />
          <FormField field={share.senderName} label="Your name" autoComplete="name" />
          <FormField field={share.message} label="Message" multiline />
          <button type="submit" className={submitStyle}>
            Send
          </button>
        </Form>
      </TargetModal>
    </>
  )
}
