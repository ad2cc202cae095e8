/** Who is browsing: a signed-in user, as the header, forms and account pages need them. */
export interface Viewer {
  id: number
  contactName: string
  email: string
  isSeller: boolean
}
