import { Readable } from 'node:stream'
import { CsvError, parse as parseCsv } from 'csv-parse'
import { SaxesParser } from 'saxes'
import { feedListElements } from './feed-fields'
import { FeedError } from './feed-reasons'

/**
 * Reads a partner feed as a stream of raw records, in bounded memory whatever the file's size:
 * the XML reader (saxes, a conforming streaming parser) holds one listing at a time, the CSV
 * reader (csv-parse) one row. A DOCTYPE is refused outright, so no entity is ever declared,
 * expanded or fetched (no XML bomb, no external entity); only UTF-8 is read.
 */

export interface FeedPhoto {
  url: string
  caption: string
}

/** One listing as written in the feed: each field's text values, in order. */
export interface RawFeedRecord {
  /** Where the record starts (line of the file), for the report. */
  line: number
  fields: Map<string, string[]>
  photos: FeedPhoto[]
  /** Set when the record's text passed `maxRecordCharacters`; its fields are incomplete. */
  isTooLarge: boolean
}

export interface FeedLimits {
  maxBytes: number
  maxRecordCharacters: number
}

export const defaultFeedLimits: FeedLimits = { maxBytes: 1024 ** 3, maxRecordCharacters: 256 * 1024 }

export type FeedKind = 'full' | 'partial'

/** A feed read record by record; `kind` is known once the first record (or the end) is reached. */
export interface FeedStream {
  records: AsyncGenerator<RawFeedRecord>
  kind: () => FeedKind
}

/** Decodes UTF-8 strictly and counts bytes against the limit. */
async function* utf8Text(source: AsyncIterable<Uint8Array>, limits: FeedLimits) {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let bytes = 0
  try {
    for await (const chunk of source) {
      bytes += chunk.byteLength
      if (bytes > limits.maxBytes) throw new FeedError('FEED_TOO_LARGE', `The feed is larger than ${Math.round(limits.maxBytes / 1024 ** 2)} MB.`)
      yield decoder.decode(chunk, { stream: true })
    }
    yield decoder.decode()
  } catch (error) {
    if (error instanceof TypeError) throw new FeedError('FEED_ENCODING', `The feed is not valid UTF-8 after byte ${bytes.toLocaleString('en-US')}.`)
    throw error
  }
}

/** A field holding text, not other elements (the lists and photos do). */
const isTextField = (name: string) => name !== 'photos' && !feedListElements[name]

function emptyRecord(line: number): RawFeedRecord {
  return { line, fields: new Map(), photos: [], isTooLarge: false }
}

function addValue(record: RawFeedRecord, name: string, value: string) {
  const values = record.fields.get(name)
  if (values) values.push(value)
  else record.fields.set(name, [value])
}

/** Reads `<listings><listing>…</listing>…</listings>`; see /landfeed/docs/ for the shape. */
export function readXmlFeed(source: AsyncIterable<Uint8Array>, limits: FeedLimits = defaultFeedLimits): FeedStream {
  let kind: FeedKind = 'full'
  async function* records() {
    const parser = new SaxesParser({ position: true })
    const ready: RawFeedRecord[] = []
    // The open elements below <listing>, the record being read, the text of the open leaf.
    const path: string[] = []
    let record: RawFeedRecord | undefined
    let text = ''
    let characters = 0
    let photo: Partial<FeedPhoto> | undefined
    let rootOpened = false
    let rootClosed = false
    let failure: FeedError | undefined
    const fail = (error: FeedError) => {
      failure ??= error
    }

    parser.on('xmldecl', (declaration) => {
      if (declaration.encoding && !/^utf-?8$/i.test(declaration.encoding))
        fail(new FeedError('FEED_ENCODING', `The feed declares ${declaration.encoding}; only UTF-8 is read.`))
    })
    parser.on('doctype', () => fail(new FeedError('FEED_DOCTYPE_REFUSED', 'The feed has a DOCTYPE; feeds may not declare entities or a DTD.')))
    parser.on('opentag', (tag) => {
      if (failure) return
      if (!rootOpened) {
        rootOpened = true
        if (tag.name !== 'listings') fail(new FeedError('FEED_NOT_LISTINGS', `The feed's root element is <${tag.name}>, not <listings>.`))
        else if (tag.attributes.type === 'partial') kind = 'partial'
        return
      }
      if (!record) {
        if (tag.name === 'listing') record = emptyRecord(parser.line)
        return
      }
      // Markup inside a text field (unescaped <b>…</b>) stays in its text, for the record check to remove.
      if (path.length > 0 && isTextField(path[0]!)) {
        text += `<${tag.name}>`
        path.push(tag.name)
        return
      }
      path.push(tag.name)
      text = ''
      if (path.length === 2 && path[0] === 'photos' && tag.name === 'photo') photo = {}
    })
    const addText = (chunk: string) => {
      if (!record || failure) return
      characters += chunk.length
      if (characters > limits.maxRecordCharacters) {
        record.isTooLarge = true
        return
      }
      text += chunk
    }
    parser.on('text', addText)
    parser.on('cdata', addText)
    parser.on('closetag', (tag) => {
      if (failure) return
      if (!record) {
        if (tag.name === 'listings') rootClosed = true
        return
      }
      if (tag.name === 'listing' && path.length === 0) {
        ready.push(record)
        record = undefined
        characters = 0
        return
      }
      const [field, child, grandchild] = path
      if (path.length > 1 && isTextField(field!)) {
        text += `</${tag.name}>`
        path.pop()
        return
      }
      if (path.length === 1 && field && isTextField(field)) addValue(record, field, text.trim())
      else if (path.length === 2 && field && feedListElements[field] === child) addValue(record, field, text.trim())
      else if (path.length === 3 && field === 'photos' && child === 'photo' && photo && (grandchild === 'url' || grandchild === 'caption'))
        photo[grandchild] = text.trim()
      else if (path.length === 2 && field === 'photos' && child === 'photo' && photo) {
        record.photos.push({ url: photo.url ?? '', caption: photo.caption ?? '' })
        photo = undefined
      }
      path.pop()
      text = ''
    })
    parser.on('error', (error) => fail(new FeedError('FEED_MALFORMED', `The feed is not well-formed XML: ${error.message}`)))

    for await (const chunk of utf8Text(source, limits)) {
      parser.write(chunk)
      if (failure) throw failure
      yield* ready.splice(0)
    }
    if (!rootClosed) throw new FeedError('FEED_TRUNCATED', 'The feed ends before </listings>: it was cut short.')
    parser.close()
    if (failure) throw failure
  }
  return { records: records(), kind: () => kind }
}

/** CSV columns that hold a list: values separated by '|'. */
const csvListSeparator = '|'

/**
 * Reads a CSV feed: a header row of field names (as in the XML), then one row per listing. Lists
 * (property types, activities) separate values with '|'; photos are `photoUrls` and
 * `photoCaptions`, '|'-separated and in the same order. CSV feeds are always full.
 */
export function readCsvFeed(source: AsyncIterable<Uint8Array>, limits: FeedLimits = defaultFeedLimits): FeedStream {
  async function* records() {
    const rows = Readable.from(utf8Text(source, limits)).pipe(
      parseCsv({ columns: true, bom: true, trim: true, skip_empty_lines: true, max_record_size: limits.maxRecordCharacters, info: true }),
    )
    try {
      for await (const { record: row, info } of rows as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
        const record = emptyRecord(info.lines)
        for (const [column, value] of Object.entries(row)) {
          if (column === 'photoUrls' || column === 'photoCaptions' || value === '') continue
          if (feedListElements[column]) for (const item of value.split(csvListSeparator)) addValue(record, column, item.trim())
          else addValue(record, column, value)
        }
        const captions = (row.photoCaptions ?? '').split(csvListSeparator)
        const urls = (row.photoUrls ?? '').split(csvListSeparator).map((url) => url.trim())
        record.photos = urls.flatMap((url, index) => (url ? [{ url, caption: captions[index]?.trim() ?? '' }] : []))
        yield record
      }
    } catch (error) {
      if (error instanceof CsvError) throw new FeedError('FEED_MALFORMED', `The CSV feed is malformed: ${error.message}`)
      throw error
    }
  }
  return { records: records(), kind: () => 'full' }
}
