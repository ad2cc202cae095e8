import type { LoaderFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { adClickRedirect } from './ads.server'

/** An ad's link (issue 17 §8): counts the click and leads to the advertiser's contact form. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return adClickRedirect(context.get(databaseContext), siteFromRequest(request), request, params.adId)
}

/** Never rendered (the loader redirects or throws); having a component makes a 404 the site's own error page. */
export default function AdClick() {
  return null
}
