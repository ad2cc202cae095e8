import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, type ShouldRevalidateFunction } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { ContactSchema, type ListingFormIntent, honeypotField, listingFormSectionIds } from '~/models/listing-forms'
import { FormField, HoneypotField } from './form-field'
import { TargetModal } from './target-modal'

/** What a page's action answered: the failed submission of one of its forms. */
export interface PageFormResult {
  intent: ListingFormIntent
  result: SubmissionResult<string[]>
}

/** A form answered with its errors changes nothing on the page: no reload (and no second page view). */
export const pageFormShouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate

export const submitStyle = 'w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-brand-contrast hover:bg-brand/90'

export function Confirmation({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-md bg-green-50 p-3 font-medium text-green-900">
      {children}
    </p>
  )
}

/** One of a page's forms, checked in the browser by the schema the action uses. */
export function usePageForm<Schema extends z.ZodTypeAny>(intent: ListingFormIntent, schema: Schema, actionResult: PageFormResult | undefined) {
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

interface ContactModalProps {
  title: string
  actionResult: PageFormResult | undefined
  /** The form just succeeded (`?sent=contact` after the redirect). */
  isSent: boolean
  /** The page's path: closing the modal without scripts returns there. */
  pagePath: string
}

/**
 * The message form to a seller (spec §2 'Contact Seller', §5 messages), on listing and broker
 * pages alike: a modal section opened by a link to `#contact-seller`, a plain POST without scripts.
 */
export function ContactModal({ title, actionResult, isSent, pagePath }: ContactModalProps) {
  const [form, fields] = usePageForm('contact', ContactSchema, actionResult)
  return (
    <TargetModal id={listingFormSectionIds.contact} title={title} isOpen={actionResult?.intent === 'contact' || isSent} closeHref={pagePath} answer={actionResult}>
      {isSent ? <Confirmation>Your message was sent. The seller will reply to the e-mail address you gave.</Confirmation> : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <input type="hidden" name="intent" value="contact" />
        <HoneypotField name={honeypotField} />
        <FormField field={fields.name} label="Full name" autoComplete="name" />
        <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
        <FormField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
        <FormField field={fields.message} label="Message" multiline />
        <button type="submit" className={submitStyle}>
          Send message
        </button>
      </Form>
    </TargetModal>
  )
}
