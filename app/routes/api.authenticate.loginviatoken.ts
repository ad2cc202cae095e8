import { databaseContext } from '~/http/database.server'
import type { ActionFunctionArgs } from 'react-router'
import { handleLoginViaToken } from './login-token.server'

/** Spec §7 `POST /api/authenticate/loginviatoken/{token}/{siteId}` (login-token.server.ts). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleLoginViaToken(context.get(databaseContext), request, params)
}
