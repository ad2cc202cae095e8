import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { csvDownloadHeaders } from '~/utils/csv'
import { loadLeadsCsv } from './page.server'
import type { Route } from './+types/csv'

/** /account/leads.csv (issue 15 item 5): every lead of the seller as a spreadsheet, named for the day it was made. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const csv = await loadLeadsCsv(context.get(databaseContext), siteFromRequest(request), request)
  return new Response(csv, { headers: csvDownloadHeaders(`leads-${new Date().toISOString().slice(0, 10)}.csv`) })
}
