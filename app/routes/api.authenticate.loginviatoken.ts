import type { Route } from './+types/api.authenticate.loginviatoken'
import { databaseContext } from '~/http/database.server'
import { handleLoginViaToken } from './login-token.server'

/** Spec §7 `POST /api/authenticate/loginviatoken/{token}/{siteId}` (login-token.server.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleLoginViaToken(context.get(databaseContext), request, params)
}
