import { tagManagerAttribute } from '~/models/analytics/page-analytics'
import { afterFirstView } from './after-first-view'

// Adds the data layer's script once the first view has been painted; the script's address, and
// the tag manager's when one is configured, are attributes of this script's own element.
const own = document.currentScript!
afterFirstView(() => {
  const runtime = document.createElement('script')
  runtime.src = own.dataset.src!
  const tagManager = own.getAttribute(tagManagerAttribute)
  if (tagManager) runtime.setAttribute(tagManagerAttribute, tagManager)
  document.body.appendChild(runtime)
})
