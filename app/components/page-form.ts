import type { SubmissionResult } from '@conform-to/react'
import type { ShouldRevalidateFunction } from 'react-router'
import type { ListingFormIntent } from '~/models/listings/listing-form-ids'

/**
 * What a page with the listing page's forms needs up front; the forms themselves
 * (`contact-form.tsx`, `listing-forms.tsx`) load on their own.
 */

/** What a page's action answered: the failed submission of one of its forms. */
export interface PageFormResult {
  intent: ListingFormIntent
  result: SubmissionResult<string[]>
}

/** A form answered with its errors changes nothing on the page: no reload (and no second page view). */
export const pageFormShouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate
