import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

/** How long promises passed to the page may take to settle before React gives up on them. */
export const streamTimeout = 5_000

/**
 * The page rendered whole before its first byte (onAllReady), for every client, bot or browser:
 * nothing is deferred, a complete document is what crawlers and script-less browsers on slow links
 * need, and the pipeline's transforms read the whole of it (the stylesheet's rules follow the
 * page's classes, the priority photo is written into the head). `onError` sees each render error.
 */
export function renderWholePage(page: ReactNode, nonce: string | undefined, onError: (error: unknown) => void) {
  return new Promise<string>((resolve, reject) => {
    // Cleared once the page is complete: a pending timer would keep the whole render alive for seconds.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000)
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // React outlines a Suspense boundary once the page before it passes this many bytes, to be
      // revealed by an inline script: a browser without JavaScript would never show it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(abortTimer)
        const chunks: Buffer[] = []
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk)
              done()
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString('utf8'))
              done()
            },
          }),
        )
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer)
        reject(error)
      },
      onError,
    })
  })
}
