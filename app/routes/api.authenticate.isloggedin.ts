import type { LoaderFunctionArgs } from 'react-router'
import { privateHeaders } from '~/components/account-page'
import { getViewer } from '~/utils/session.server'

/**
 * Spec §7 `GET /api/authenticate/isloggedin`: `{ isLoggedIn }` for this session; pages ask it again
 * on a mouse-down or touch at most once per interval (spec §4, `session-watch.ts`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json({ isLoggedIn: (await getViewer(request)) !== null }, { headers: privateHeaders })
}
