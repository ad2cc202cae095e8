import { describe, expect, test } from 'vitest'
import { FeedError } from '~/models/feeds/feed-reasons'
import { type FeedLimits, type FeedStream, defaultFeedLimits, readCsvFeed, readXmlFeed } from '~/models/feeds/feed-reader.server'

/** The text in chunks of `size` bytes, as a file or a download arrives. */
async function* chunked(text: string | Buffer, size = 7) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
}

async function readAll(feed: FeedStream) {
  const records = []
  for await (const record of feed.records) records.push(record)
  return records
}

async function feedErrorOf(feed: FeedStream) {
  try {
    await readAll(feed)
  } catch (error) {
    if (error instanceof FeedError) return error.code
    throw error
  }
  return undefined
}

const listing = (id: string, extra = '') =>
  `<listing><id>${id}</id><status>available</status><title>40 acres &amp; a creek</title><propertyTypes><propertyType>farm</propertyType><propertyType>hunting</propertyType></propertyTypes>${extra}</listing>`

describe('XML feed reader', () => {
  test('reads each listing, its repeated values and its photos in order, across any chunking', async () => {
    const photos =
      '<photos><photo><url>https://photos.example/1.jpg</url><caption>The creek</caption></photo><photo><url>https://photos.example/2.jpg</url></photo></photos>'
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<listings>\n${listing('A-1', photos)}\n${listing('A-2', '<description><![CDATA[Fenced <b>pasture</b>]]></description><address>1 <i>Oak</i> Rd</address>')}\n</listings>`
    for (const size of [1, 7, 4096]) {
      const feed = readXmlFeed(chunked(xml, size))
      const [first, second] = await readAll(feed)
      expect(first?.fields.get('id')).toEqual(['A-1'])
      expect(first?.fields.get('title')).toEqual(['40 acres & a creek'])
      expect(first?.fields.get('propertyTypes')).toEqual(['farm', 'hunting'])
      expect(first?.photos).toEqual([
        { url: 'https://photos.example/1.jpg', caption: 'The creek' },
        { url: 'https://photos.example/2.jpg', caption: '' },
      ])
      expect(first?.line).toBe(3)
      expect(second?.fields.get('description')).toEqual(['Fenced <b>pasture</b>'])
      // Unescaped markup in a text field stays in its text, for the record check to remove.
      expect(second?.fields.get('address')).toEqual(['1 <i>Oak</i> Rd'])
      expect(feed.kind()).toBe('full')
    }
  })

  test('a partial feed says so on its root', async () => {
    const feed = readXmlFeed(chunked(`<listings type="partial">${listing('A-1')}</listings>`))
    expect(await readAll(feed)).toHaveLength(1)
    expect(feed.kind()).toBe('partial')
  })

  test('an XML bomb is refused at its DOCTYPE, before any entity is read', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><listings>${listing('A-1', '<description>&lol2;</description>')}</listings>`
    expect(await feedErrorOf(readXmlFeed(chunked(bomb)))).toBe('FEED_DOCTYPE_REFUSED')
    const external = `<?xml version="1.0"?><!DOCTYPE listings SYSTEM "file:///etc/passwd"><listings></listings>`
    expect(await feedErrorOf(readXmlFeed(chunked(external)))).toBe('FEED_DOCTYPE_REFUSED')
  })

  test('broken feeds end with their own code', async () => {
    expect(await feedErrorOf(readXmlFeed(chunked(`<listings>${listing('A-1')}<listing><id>A-2</id>`)))).toBe('FEED_TRUNCATED')
    expect(await feedErrorOf(readXmlFeed(chunked(`<listings>${listing('A-1')}</listing></listings>`)))).toBe('FEED_MALFORMED')
    expect(await feedErrorOf(readXmlFeed(chunked('<properties></properties>')))).toBe('FEED_NOT_LISTINGS')
    expect(await feedErrorOf(readXmlFeed(chunked('<?xml version="1.0" encoding="ISO-8859-1"?><listings></listings>')))).toBe('FEED_ENCODING')
    const latin1 = Buffer.concat([Buffer.from('<listings><listing><id>Caf'), Buffer.from([0xe9]), Buffer.from('</id></listing></listings>')])
    expect(await feedErrorOf(readXmlFeed(chunked(latin1)))).toBe('FEED_ENCODING')
    expect(await feedErrorOf(readXmlFeed(chunked('')))).toBe('FEED_TRUNCATED')
  })

  test('a feed over the size limit stops there; a record over the text limit is marked', async () => {
    const limits: FeedLimits = { maxBytes: 2000, maxRecordCharacters: 500 }
    const many = `<listings>${Array.from({ length: 40 }, (_, index) => listing(`A-${index}`)).join('')}</listings>`
    expect(await feedErrorOf(readXmlFeed(chunked(many, 100), limits))).toBe('FEED_TOO_LARGE')
    const long = `<listings>${listing('A-1', `<description>${'x'.repeat(600)}</description>`)}${listing('A-2')}</listings>`
    const [first, second] = await readAll(readXmlFeed(chunked(long, 64), { ...defaultFeedLimits, maxRecordCharacters: 500 }))
    expect(first?.isTooLarge).toBe(true)
    expect(second?.isTooLarge).toBe(false)
    expect(second?.fields.get('id')).toEqual(['A-2'])
  })
})

describe('CSV feed reader', () => {
  test("reads a header row and one row per listing; lists and photos are '|'-separated", async () => {
    const csv =
      '\ufeffid,status,title,propertyTypes,photoUrls,photoCaptions\nB-1,available,"Creek, pasture",farm|ranch,https://p.example/1.jpg|https://p.example/2.jpg,Gate|\nB-2,sold,Lot,homesites,,\n'
    const [first, second] = await readAll(readCsvFeed(chunked(csv)))
    expect(first?.fields.get('title')).toEqual(['Creek, pasture'])
    expect(first?.fields.get('propertyTypes')).toEqual(['farm', 'ranch'])
    expect(first?.photos).toEqual([
      { url: 'https://p.example/1.jpg', caption: 'Gate' },
      { url: 'https://p.example/2.jpg', caption: '' },
    ])
    expect(second?.fields.get('status')).toEqual(['sold'])
    expect(second?.photos).toEqual([])
  })

  test('a malformed row ends the feed with its line', async () => {
    expect(await feedErrorOf(readCsvFeed(chunked('id,title\nB-1,"open quote\n')))).toBe('FEED_MALFORMED')
  })
})
