import { Form } from 'react-router'
import { useAccountContact } from '~/hooks/use-site'
import { type ListingFormIntent, honeypotField, listingFormConstraints, listingFormSectionIds } from '~/models/listings/listing-form-fields'
import { Confirmation, FinanceCheckboxField, FormField, HoneypotField, SafetyNote, submitButtonStyle } from './form-field'
import type { PageFormResult } from './page-form'
import { FormConnection } from './form-connection'
import { FormErrors } from './account-page'
import { TargetModal } from './target-modal'
import { getFormProps, useServerForm } from './server-form'

/** One of a page's forms (their ids are per intent), shown with the action's answer when it was for this form. */
export function usePageForm<Intent extends ListingFormIntent>(
  intent: Intent,
  actionResult: PageFormResult | undefined,
  defaultValue?: Partial<Record<keyof (typeof listingFormConstraints)[Intent], string>>,
) {
  return useServerForm(listingFormConstraints[intent], {
    id: `${intent}-form`,
    lastResult: actionResult?.intent === intent ? actionResult.result : undefined,
    defaultValue,
  })
}

/** The finance checkbox of the lender for the listing's place (spec §3 finance center settings). */
export interface FinanceCheckbox {
  label: string
  isCheckedByDefault: boolean
}

interface ContactModalProps {
  title: string
  actionResult: PageFormResult | undefined
  /** The form just succeeded (`?sent=contact` after the redirect). */
  isSent: boolean
  /** The page's path: closing the modal without scripts returns there. */
  pagePath: string
  /** Only where a finance center lends in the listing's place. */
  financeCheckbox?: FinanceCheckbox | null
  /** A word of caution shown above the form (owner-listed vacant land, `ownerLandSafetyNote`). */
  safetyNote?: string | null
}

/**
 * The message form to a seller (spec §2 'Contact Seller', §5 messages), on listing and broker
 * pages alike: a modal section opened by a link to `#contact-seller`, a plain POST without scripts.
 */
export function ContactModal({ title, actionResult, isSent, pagePath, financeCheckbox, safetyNote }: ContactModalProps) {
  const account = useAccountContact()
  const [form, fields] = usePageForm('contact', actionResult, { ...account, wantsFinancing: financeCheckbox?.isCheckedByDefault ? 'on' : undefined })
  return (
    <TargetModal id={listingFormSectionIds.contact} title={title} isOpen={actionResult?.intent === 'contact' || isSent} closeHref={pagePath} answer={actionResult}>
      {isSent ? <Confirmation>Your message was sent. The seller will reply to the e-mail address you gave.</Confirmation> : null}
      <SafetyNote text={safetyNote} />
      <Form method="post" action={pagePath} {...getFormProps(form)} preventScrollReset>
        <input type="hidden" name="intent" value="contact" />
        <HoneypotField name={honeypotField} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField field={fields.name} label="Full name" autoComplete="name" />
        <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
        <FormField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
        <FormField field={fields.message} label="Message" multiline />
        {financeCheckbox ? <FinanceCheckboxField field={fields.wantsFinancing} label={financeCheckbox.label} /> : null}
        <button type="submit" className={submitButtonStyle}>
          Send message
        </button>
        <FormConnection formId={form.id} />
      </Form>
    </TargetModal>
  )
}
