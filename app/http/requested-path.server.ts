const trailingSlash = /\/(?=\?|$)/

/**
 * Whether a request already asks for `path` (path and query), so no redirect to it is due.
 * React Router's single-fetch data requests fetch /a/b/ as /a/b/_.data, and did as /a/b.data before
 * decision 0054 (a page loaded before that release still may), so for them a missing trailing slash
 * is no difference.
 */
export function requestIsForPath(request: Request, path: string, { pageParams = [] }: { pageParams?: string[] } = {}): boolean {
  const url = new URL(request.url)
  // Page parameters (e.g. a form's `sent` confirmation) belong to this visit, not to the URL's identity.
  for (const name of ['_routes', ...pageParams]) url.searchParams.delete(name)
  const query = url.searchParams.toString()
  const requested = `${url.pathname}${query ? `?${query}` : ''}`
  if (requested === path) return true
  const isDocumentRequest = (request.headers.get('accept') ?? '').includes('text/html')
  return !isDocumentRequest && requested.replace(trailingSlash, '') === path.replace(trailingSlash, '')
}
