import { describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/seed/demo-users'
import { decodeEntities, metaContent, productionPages, sessionCookie } from '../support/http'

/** Spec §2/§6: Add a Property asks for a login first, then leads to the listing tool; the page has no footer. */
const { fetchPage } = productionPages()

const logIn = (host: string, email: string, password: string) => sessionCookie(fetchPage, host, { email, password }, '198.51.100.240')

const addListingPath = '/addlisting/?siteId=1080&utm_source=farm&utm_medium=referral'

describe('/addlisting/', () => {
  test('a visitor is sent to log in, and back to the same address afterwards', async () => {
    const response = await fetchPage('farm.localhost', addListingPath, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const login = new URL(response.headers.get('location')!, 'http://farm.localhost')
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirectTo')).toBe(addListingPath)
    expect(login.searchParams.get('title')).toBe('Farm & Ranch Finder Add a Property')
  })

  test.each(demoUsers)('$email sees the way to the listing tool, credited to the site, and no footer', async (user) => {
    const cookie = await logIn('farm.localhost', user.email, user.password)
    const response = await fetchPage('farm.localhost', addListingPath, { headers: { cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('no-store')
    const html = decodeEntities(await response.text())
    expect(metaContent(html, 'robots')).toContain('noindex')
    const toolLink = html.match(/<a href="([^"]+)"[^>]*>Continue to the listing tool</)?.[1]
    const tool = new URL(toolLink!)
    expect(tool.searchParams.get('siteId')).toBe('1080')
    expect(tool.searchParams.get('utm_source')).toBe('farm')
    expect(tool.searchParams.get('utm_medium')).toBe('referral')
    expect(html.includes('>Manage my listings<')).toBe(user.isSeller)
    expect(html).not.toContain('<footer')
  })
})
