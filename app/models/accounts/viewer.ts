/** Who is browsing: a signed-in user, as the header, forms and account pages need them. */
export interface Viewer {
  id: number
  contactName: string
  email: string
  /** The account's phone, which forms start with (issue 34); null when it has none. */
  phone: string | null
  isSeller: boolean
}
