import type { LoaderFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { downloadFileName, searchResultsCsv } from '~/models/search/search-download.server'
import { resolveSearchPath } from '~/models/search/search-request.server'
import { requireViewer } from '~/http/session.server'
import { headContextForRequest } from '~/sites/head-context.server'
import { csvDownloadHeaders } from '~/utils/csv'

/**
 * /download/search?path={search path}: a search's results as a CSV file, for sellers (spec §2
 * "Sellers see a 'Download' button"; §6: on the main land site only, a 404 elsewhere). Visitors
 * log in first and come back here; other accounts than sellers are refused.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.get(databaseContext)
  const { site, origin } = headContextForRequest(request)
  if (!site.features.searchDownload) throw new Response('Not Found', { status: 404 })
  const viewer = await requireViewer(request, 'Download')
  if (!viewer.isSeller) throw new Response('Downloads of search results are for seller accounts.', { status: 403 })
  const path = new URL(request.url).searchParams.get('path') ?? ''
  const search = await resolveSearchPath(db, site, path)
  if (!search) throw new Response('Not Found', { status: 404 })
  return new Response(await searchResultsCsv(db, site, search, origin), { headers: csvDownloadHeaders(downloadFileName(search.canonicalPath)) })
}
