import type { LoaderFunctionArgs } from 'react-router'
import { imageResponse } from '~/models/images.server'

/**
 * /resizedimages/{height}/{width}/{fit}/{quality}[/{format}]/1-{documentId}
 * Resource route: all validation, caching and rendering live in the model.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return imageResponse(request, params)
}
