import type { Kysely } from 'kysely'
import { isAdministrator } from '~/models/accounts/user.server'
import { analyticsReport } from '~/models/analytics/analytics-report.server'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requireViewer } from '~/http/session.server'
import { requireFreshSecondFactor } from '~/http/second-factor.server'

/** /account/analytics/ (issue 17 §7): the site's figures for administrators; a visitor logs in first, anyone else gets a 403. */
export async function loadAnalyticsPage(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'Site Analytics')
  if (!(await isAdministrator(db, viewer.id))) throw new Response('Forbidden', { status: 403 })
  await requireFreshSecondFactor(db, request, viewer.id)
  return { siteName: site.name, report: await analyticsReport(db, site.siteId, new Date()) }
}
