import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { handlePhotoUpload, photosStepRedirect } from './photo-upload.server'
import type { Route } from './+types/photo-upload'

/** /account/listings/drafts/{draftId}/photos/upload (issue 15 §3): receives a draft's photos; GET goes to the photos step. */
export function loader({ params }: Route.LoaderArgs) {
  return photosStepRedirect(params.draftId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handlePhotoUpload(context.get(databaseContext), siteFromRequest(request), request, params.draftId)
}
