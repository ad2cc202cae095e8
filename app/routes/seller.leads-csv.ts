import type { LoaderFunctionArgs } from 'react-router'
import { getDb } from '~/models/db/db.server'
import { siteFromRequest } from '~/sites/site.server'
import { csvDownloadHeaders } from '~/utils/csv'
import { loadLeadsCsv } from './seller.leads.server'

/** /account/leads.csv (issue 15 item 5): every lead of the seller as a spreadsheet, named for the day it was made. */
export async function loader({ request }: LoaderFunctionArgs) {
  const csv = await loadLeadsCsv(getDb(), siteFromRequest(request), request)
  return new Response(csv, { headers: csvDownloadHeaders(`leads-${new Date().toISOString().slice(0, 10)}.csv`) })
}
