import { databaseContext } from '~/http/database.server'
import type { ActionFunctionArgs } from 'react-router'
import { receiveFeedback } from './feedback.server'

/** The feedback modal's scripts post here (its form posts to /feedback/ without them): `{ isSent }`, or the form's answer with 400 or 429. */
export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await receiveFeedback(context.get(databaseContext), request)
  return outcome.isSent ? Response.json({ isSent: true }) : Response.json(outcome.result, outcome.init)
}
