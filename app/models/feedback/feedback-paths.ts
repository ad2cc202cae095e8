/** Where the feedback form lives (spec §4 feedback modal), apart from its rules: every page's footer links it. */
export const feedbackPaths = {
  /** The form as a page: where the footer's link leads without scripts. */
  page: '/feedback/',
  /** Where the modal posts with scripts: the same checks, answered in JSON. */
  api: '/api/feedback',
} as const
