const trailingSlash = /\/(?=\?|$)/

/**
 * Whether a request already asks for `path` (path and query), so no redirect to it is due.
 * React Router's single-fetch data requests spell URLs their own way: /a/b/ is fetched as /a/b.data
 * with a `_routes` parameter, so for them a missing trailing slash is no difference.
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
