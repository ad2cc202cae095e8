import type { Kysely } from 'kysely'
import { isAdministrator } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { latestJobRuns } from '~/models/jobs/job-scheduler.server'
import { requireViewer } from '~/http/session.server'
import { requireFreshSecondFactor } from '~/http/second-factor.server'

/** /account/jobs/ (issue 37 item 3, decision 0066): each scheduled job's latest run, for administrators; a visitor logs in first, anyone else gets a 403. */
export async function loadJobsPage(db: Kysely<Database>, request: Request) {
  const viewer = await requireViewer(request, 'Scheduled Jobs')
  if (!(await isAdministrator(db, viewer.id))) throw new Response('Forbidden', { status: 403 })
  await requireFreshSecondFactor(db, request, viewer.id)
  return { runs: await latestJobRuns(db), now: Date.now() }
}
