import { describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { decodeEntities, metaContent, productionPages, sessionCookie } from '../support/http'

/** Spec §2/§6: Add a Property asks for a login first, then leads to the listing tool; the page has no footer. */
const { fetchPage } = productionPages()

const logIn = (host: string, user: (typeof demoUsers)[number]) => sessionCookie(fetchPage, host, user, '198.51.100.240')

const addListingPath = '/addlisting/?siteId=1080&utm_source=farm&utm_medium=referral'

describe('/addlisting/', () => {
  test('a visitor is sent to log in, and back to the same address afterwards', async () => {
    const response = await fetchPage('farm.localhost', addListingPath, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const login = new URL(response.headers.get('location')!, 'http://farm.localhost')
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirectTo')).toBe(addListingPath)
    expect(login.searchParams.get('section')).toBe('add-property')
  })

  test.each(demoUsers)('$email sees the way to list land, and no footer', async (user) => {
    const cookie = await logIn('farm.localhost', user)
    const response = await fetchPage('farm.localhost', addListingPath, { headers: { cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('no-store')
    const html = decodeEntities(await response.text())
    expect(metaContent(html, 'robots')).toContain('noindex')
    expect(html).not.toContain('<footer')
    if (user.isSeller) {
      expect(html).toMatch(/<a href="\/account\/listings\/new\/"[^>]*>Continue to the listing tool</)
      expect(html).toMatch(/<a href="\/account\/listings\/"[^>]*>Manage my listings</)
    } else {
      // A buyer may list land they own: the form makes the account an owner's seller account (tests/integration/seller-listings.test.ts).
      expect(html).toMatch(/<form [^>]*method="post"[\s\S]*>List my own land</)
    }
  })

  test('with an external listing tool configured, sellers go there, credited to the site', async () => {
    process.env.PROPERTY_CONTROL_CENTER_URL = 'https://tool.example/'
    try {
      const seller = demoUsers.find((user) => user.isSeller)!
      const cookie = await logIn('farm.localhost', seller)
      const html = decodeEntities(await (await fetchPage('farm.localhost', addListingPath, { headers: { cookie } })).text())
      const tool = new URL(html.match(/<a href="([^"]+)"[^>]*>Continue to the listing tool</)![1]!)
      expect(tool.origin + tool.pathname).toBe('https://tool.example/listings/new')
      expect(tool.searchParams.get('siteId')).toBe('1080')
      expect(tool.searchParams.get('utm_source')).toBe('farm')
      expect(tool.searchParams.get('utm_medium')).toBe('referral')
      const manage = await fetchPage('farm.localhost', '/account/listings/', { headers: { cookie }, redirect: 'manual' })
      expect(manage.status).toBe(302)
      expect(manage.headers.get('location')).toBe('https://tool.example/listings?siteId=1080')
    } finally {
      delete process.env.PROPERTY_CONTROL_CENTER_URL
    }
  })
})
