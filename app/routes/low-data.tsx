import { type ActionFunctionArgs, redirect } from 'react-router'
import { lowDataCookie, lowDataField, lowDataReturnField, parseLowDataChoice } from '~/utils/low-data'
import { privateCacheControl } from '~/http/http-cache.server'
import { readFormData } from '~/http/request-guard.server'
import { pathOnHost, safeRedirectPath } from '~/utils/safe-redirect'

/**
 * The footer's 'Low data' toggle (issue 20 item 2): a plain form posts here, the choice is kept in
 * a cookie for a year, and the visitor goes back to the page they were on, now drawn for the choice.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  const choice = parseLowDataChoice(form.get(lowDataField))
  // The page as the browser spelled it (the router's own path drops a trailing slash, a redirect more), else the form's.
  const referer = pathOnHost(request.headers.get('referer'), new URL(request.url).host)
  const back = safeRedirectPath(referer ?? form.get(lowDataReturnField), '/')
  const headers = new Headers({ 'Cache-Control': privateCacheControl })
  if (choice) headers.set('Set-Cookie', lowDataCookie(choice, { secure: new URL(request.url).protocol === 'https:' }))
  return redirect(back, { status: 303, headers })
}

/** A GET here (a bookmark, a crawler) goes home: the toggle only ever posts. */
export function loader() {
  return redirect('/', 301)
}

/** Never rendered (the loader and action redirect); a component makes a failure the site's own error page. */
export default function LowData() {
  return null
}
