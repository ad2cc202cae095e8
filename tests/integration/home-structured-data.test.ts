import { expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { productionPages } from '../support/http'

/** A home page tells crawlers what the site is: a WebSite (with its search box's SearchAction) and its Organization. */
const { fetchPage } = productionPages()

interface Node {
  '@type': string
  '@id': string
  [field: string]: unknown
}

async function homeGraph(host: string) {
  const html = await (await fetchPage(host, '/')).text()
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as { '@graph': Node[] })
  return blocks.flatMap((block) => block['@graph'])
}

test.each(Object.values(sites))("$name's home has WebSite and Organization markup", async (site) => {
  const host = site.devHost
  const graph = await homeGraph(host)
  const website = graph.find((node) => node['@type'] === 'WebSite')!
  const organization = graph.find((node) => node['@type'] === 'Organization')!
  expect(website).toMatchObject({ name: site.name, url: `http://${host}/`, publisher: { '@id': organization['@id'] } })
  expect(organization).toMatchObject({ name: site.name, url: `http://${host}/`, logo: `http://${host}/favicon.svg` })
  expect(organization.sameAs ?? []).toEqual(site.socialLinks.map((link) => link.url))
  expect((await fetchPage(host, new URL(organization.logo as string).pathname)).status).toBe(200)
  const action = website.potentialAction as { target: { urlTemplate: string }; 'query-input': string } | undefined
  if (!site.searchGrammar) {
    expect(action).toBeUndefined()
    return
  }
  expect(action!['query-input']).toBe('required name=search_term_string')
  expect(action!.target.urlTemplate).toBe(`http://${host}/find?q={search_term_string}`)
  // The template is the search box's real endpoint without JavaScript: a typed place lands on its search.
  const search = new URL(action!.target.urlTemplate.replace('{search_term_string}', 'Montana'))
  const searched = await fetchPage(host, `${search.pathname}${search.search}`, { redirect: 'manual' })
  expect(searched.status).toBe(303)
  expect(searched.headers.get('location')).toMatch(/montana-land-for-sale/)
})
