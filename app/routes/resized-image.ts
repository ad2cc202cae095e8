import { databaseContext } from '~/http/database.server'
import type { LoaderFunctionArgs } from 'react-router'
import { imageResponse, pageImageOptions } from './resized-image.server'

/**
 * /resizedimages/{height}/{width}/{fit}/{quality}[/{format}]/1-{documentId}
 * Resource route: the page module answers with the image, a 304 or a short text error; the
 * model validates, caches and renders.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return imageResponse(request, params, pageImageOptions(context.get(databaseContext), request))
}
