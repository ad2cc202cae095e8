import { randomInt } from 'node:crypto'
import { demoUsers } from '../../app/models/accounts/demo-users'
import { hostileHosts } from '../../tests/support/hostile-hosts'
import type { AuditedServer, CheckOutcome, SecurityCheck } from './check'

/**
 * Origins and sessions (issue 33 findings 1 and 2, decisions 0046 and 0047): a Host header the
 * server does not serve is refused before any route runs, a forwarded host never reaches a link,
 * and a session is a server's: new at each login, over at logout.
 */
const land = 'land.localhost'
const clientAddress = () => `198.18.${randomInt(250)}.${randomInt(250)}`
const formPost = (fields: Record<string, string>, origin: string) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'x-forwarded-for': clientAddress() },
})

const hostChecks: SecurityCheck[] = hostileHosts.map((host) => ({
  name: `Host header ${host.length > 40 ? `of ${host.length} characters` : host}`,
  async run(server): Promise<CheckOutcome> {
    const answers = [
      await server.fetchPage(host, '/'),
      await server.fetchPage(host, '/sitemap.xml'),
      await server.fetchPage(host, '/login/forgot/', formPost({ email: 'demo.buyer@example.com' }, `http://${host}`)),
    ]
    const statuses = answers.map((answer) => answer.status)
    return { pass: statuses.every((status) => status === 421), detail: `page, sitemap and reset form answered ${statuses.join(', ')}` }
  },
}))

async function logIn(server: AuditedServer) {
  const { email, password } = demoUsers.find((user) => user.email === 'demo.buyer@example.com')!
  const response = await server.fetchPage(land, '/login', formPost({ email, password, redirectTo: '/' }, `http://${land}`))
  return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' }
}

const isSignedIn = async (server: AuditedServer, cookie: string) =>
  (await (await server.fetchPage(land, '/api/authenticate/isloggedin', { headers: { cookie } })).json()) as boolean

export const checks: SecurityCheck[] = [
  ...hostChecks,
  {
    name: 'X-Forwarded-Host from the trusted proxy never reaches a link',
    async run(server) {
      const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
      const bodies = await Promise.all(['/', '/robots.txt', '/sitemap.xml'].map(async (path) => (await server.fetchPage(land, path, { headers })).text()))
      const leaking = bodies.filter((body) => body.includes('evil.example')).length
      return { pass: leaking === 0, detail: `${leaking} of 3 answers (home, robots.txt, sitemap) name the forwarded host` }
    },
  },
  {
    name: 'a login starts a new session each time',
    async run(server) {
      const [first, second] = [await logIn(server), await logIn(server)]
      const distinct = first.cookie !== '' && first.cookie !== second.cookie
      return {
        pass: first.status === 303 && distinct,
        detail: `logins answered ${first.status}, ${second.status}; their cookies ${distinct ? 'differ' : 'are the same'}`,
      }
    },
  },
  {
    name: 'a copy of the login cookie signs no one in after logout',
    async run(server) {
      const { cookie } = await logIn(server)
      const before = await isSignedIn(server, cookie)
      const logout = await server.fetchPage(land, '/logout', { ...formPost({}, `http://${land}`), headers: { ...formPost({}, `http://${land}`).headers, cookie } })
      const after = await isSignedIn(server, cookie)
      return { pass: before && !after, detail: `signed in before logout: ${before}; logout answered ${logout.status}; signed in after: ${after}` }
    },
  },
]
