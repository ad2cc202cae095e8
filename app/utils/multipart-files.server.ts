import { on } from 'node:events'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'

/**
 * The files of a multipart/form-data request, one at a time as the body streams in (busboy).
 * Nothing is read ahead: until the caller reads or skips a file, the body waits, down to the
 * socket. Each file is held only as the caller reads it, and one past its limit is dropped as it
 * comes, so memory does not grow with the request.
 */

export interface MultipartLimits {
  maxFileBytes: number
  maxRequestBytes: number
  /** Files and fields together; past it the rest of the body is read over. */
  maxParts: number
  maxFields: number
  maxFieldBytes: number
}

export interface MultipartFile {
  fieldName: string
  /** Empty for a file input left empty. */
  fileName: string
  /** The whole file; 'too-large' past its limit, 'incomplete' when the body ended inside it. */
  read(): Promise<Buffer | 'too-large' | 'incomplete'>
  skip(): void
}

/** How the body ended: whole, or cut short (not a whole multipart body, a dropped connection, or past the size limit). */
export interface MultipartEnd {
  problem?: 'malformed' | 'too-large'
  isPastPartsLimit: boolean
}

type FileStream = Readable & { truncated?: boolean }

/**
 * The request's body, counted as it streams, so one without a truthful Content-Length stops at
 * the limit too. It ends early, never with an error, when the limit is passed or the connection
 * drops: busboy then destroys the file it was in with an error, as for any body cut short.
 */
async function* bodyUpTo(body: ReadableStream<Uint8Array>, maxBytes: number, cutShort: (problem: 'malformed' | 'too-large') => void) {
  const reader = body.getReader()
  let bytes = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      bytes += value.byteLength
      if (bytes > maxBytes) return cutShort('too-large')
      yield value
    }
  } catch {
    cutShort('malformed')
  } finally {
    // Stopped early, the rest of the body is not wanted; once it has ended this does nothing.
    await reader.cancel().catch(() => {})
  }
}

/** Past the size limit busboy passes on nothing more, and what came is dropped. */
async function readFile(file: FileStream): Promise<Buffer | 'too-large' | 'incomplete'> {
  const chunks: Buffer[] = []
  try {
    // Read to the end even past the limit: the parser moves on to the next part only once this one ends.
    for await (const chunk of file) {
      if (file.truncated) chunks.length = 0
      else chunks.push(chunk as Buffer)
    }
  } catch {
    return 'incomplete'
  }
  return file.truncated ? 'too-large' : Buffer.concat(chunks)
}

function createParser(request: Request, limits: MultipartLimits) {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return undefined
  try {
    return busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names in UTF-8, not the Latin-1 of the old RFC.
      defParamCharset: 'utf8',
      // busboy calls a file that reaches its limit exactly truncated, so a file of exactly maxFileBytes needs one more.
      limits: { fileSize: limits.maxFileBytes + 1, parts: limits.maxParts, fields: limits.maxFields, fieldSize: limits.maxFieldBytes },
    })
  } catch {
    return undefined // No boundary, or one busboy cannot use.
  }
}

/**
 * The request's files, and how its body ended; undefined for a request that is not a multipart
 * form. Iterating `files` throws once the body is cut short, after the files before that point;
 * `ended` then tells why.
 */
export function readMultipartFiles(request: Request, limits: MultipartLimits): { files: AsyncIterable<MultipartFile>; ended: Promise<MultipartEnd> } | undefined {
  const parser = request.body ? createParser(request, limits) : undefined
  if (!request.body || !parser) return undefined
  const end: MultipartEnd = { isPastPartsLimit: false }
  parser.once('partsLimit', () => (end.isPastPartsLimit = true))
  const ended = pipeline(
    bodyUpTo(request.body, limits.maxRequestBytes, (problem) => (end.problem = problem)),
    parser,
  ).then(
    () => end,
    () => ({ ...end, problem: end.problem ?? 'malformed' }),
  )
  // Listening from the start: busboy skips the files of a part that comes while nobody listens.
  // Ends at the parser's 'close', or throws its 'error' once the files before it are handled.
  const fileEvents = on(parser, 'file', { close: ['close'] }) as AsyncIterable<[string, FileStream, busboy.FileInfo]>
  const files = async function* () {
    for await (const [fieldName, file, info] of fileEvents) {
      yield { fieldName, fileName: info.filename ?? '', read: () => readFile(file), skip: () => file.resume() }
    }
  }
  return { files: files(), ended }
}
