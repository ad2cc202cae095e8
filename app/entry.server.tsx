import type { EntryContext, RouterContextProvider } from 'react-router'
import { documentResponse } from '~/document/document.server'
import { defaultSite } from '~/sites/index'
import { setFallbackSite } from '~/hooks/use-site'

export { streamTimeout } from '~/document/render.server'
export { handleError } from '~/document/server-errors.server'

// Pages whose root loader failed are drawn as the main land site (root.tsx hands it to the browser).
setFallbackSite(defaultSite)

/** Every page is rendered whole and finished by the document pipeline (app/document/, decision 0055). */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  return documentResponse(request, status, headers, routerContext, loadContext)
}
