import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { databaseContext } from '~/http/database.server'
import { loadJobsPage } from './page.server'
import type { Route } from './+types/route'
import { ScheduledJobs } from './page'

/** /account/jobs/ (issue 37 item 3, administrators only): each scheduled job's last run, duration, outcome and next run. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadJobsPage(context.get(databaseContext), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Scheduled Jobs',
    description: 'Each scheduled job’s last run, how long it took, whether it failed, and when it runs next.',
    canonicalPath: accountPaths.jobs,
  })

export default ScheduledJobs
