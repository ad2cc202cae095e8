import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { getDb } from '~/models/db/db.server'
import { siteFromRequest } from '~/sites/site.server'
import { handlePhotoUpload, photosStepRedirect } from './seller.photo-upload.server'

/** /account/listings/drafts/{draftId}/photos/upload (issue 15 §3): receives a draft's photos; GET goes to the photos step. */
export function loader({ params }: LoaderFunctionArgs) {
  return photosStepRedirect(params.draftId)
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handlePhotoUpload(getDb(), siteFromRequest(request), request, params.draftId)
}
