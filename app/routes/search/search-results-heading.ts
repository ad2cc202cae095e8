/**
 * The search's heading, where a buyer who filters or sorts is taken to see the new results: the
 * filter column is long, and from its 'Apply filters' button the page below was the ad and the
 * footer. Without scripts the forms' action names it as the fragment (the browser keeps the fragment
 * through the server's redirect to the canonical path); with scripts `revealSearchResults` moves
 * view and focus there once the new results are drawn.
 */
export const searchResultsHeadingId = 'results'

/** A search form's action that lands on the results' heading. */
export function actionToResults(action: string) {
  return `${action}#${searchResultsHeadingId}`
}

/** Brings the results' heading to the top of the view and focus to it, so the keyboard and screen readers continue from the results. */
export function revealSearchResults() {
  const heading = document.getElementById(searchResultsHeadingId)
  heading?.scrollIntoView({ block: 'start' })
  heading?.focus({ preventScroll: true })
}
