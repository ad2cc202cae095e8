/**
 * Spec §2: a login-required page sends a visitor to /login with the page to return to and a title
 * of the site name and the section name ('LandAtlas Favorites'). The link names the section by a
 * key from this fixed list (`?section=favorites`), never by its words, so a link cannot put text of
 * its choosing on the login page (issue 33 item 7).
 */
export const loginSections = {
  account: 'My Account',
  favorites: 'Favorites',
  'saved-searches': 'Saved Searches',
  settings: 'Settings',
  security: 'Security',
  'saved-valuations': 'Saved Valuations',
  download: 'Download',
  'add-property': 'Add a Property',
  listings: 'Manage Listings',
  'listing-statistics': 'Listing statistics',
  leads: 'Leads',
  'lands-connector': 'Lands Connector',
  'feed-imports': 'Feed Imports',
  'held-listings': 'Held Listings',
  'site-analytics': 'Site Analytics',
  'scheduled-jobs': 'Scheduled Jobs',
  'scam-review': 'Scam Review',
} as const

export type LoginSection = keyof typeof loginSections
export type LoginSectionName = (typeof loginSections)[LoginSection]

/** The query parameter of the section key. */
export const loginSectionParam = 'section'

const isLoginSection = (key: string | null): key is LoginSection => key !== null && Object.hasOwn(loginSections, key)

/** The key of a section name, for the code that builds login links from the names it knows. */
export function loginSectionKey(name: LoginSectionName): LoginSection {
  return (Object.keys(loginSections) as LoginSection[]).find((key) => loginSections[key] === name)!
}

/**
 * The section a login page's address names: its `section` key when on the list, or else an old
 * link's `title` when it is exactly '{site name} {section name}' (links in e-mails already sent
 * carry those); anything else names none.
 */
export function requestedLoginSection(siteName: string, query: URLSearchParams): LoginSection | undefined {
  const key = query.get(loginSectionParam)
  if (isLoginSection(key)) return key
  const title = query.get('title')
  return (Object.keys(loginSections) as LoginSection[]).find((section) => title === `${siteName} ${loginSections[section]}`)
}

/** The login and sign-up pages' heading for a section: '{site name} {section name}'. */
export function loginSectionTitle(siteName: string, section: LoginSection) {
  return `${siteName} ${loginSections[section]}`
}
