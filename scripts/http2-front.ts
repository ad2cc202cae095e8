/**
 * A local HTTPS + HTTP/2 front for the production server, for `bench:lighthouse -- --http2`: in
 * production the sites are served over HTTPS behind a proxy that speaks HTTP/2 to browsers, and
 * Lighthouse's simulation models a page's requests over one HTTP/2 connection very differently
 * from six HTTP/1.1 ones (README "Benchmarks"). Node's own http2 server, with a certificate made
 * by Debian's openssl for *.localhost (the browser is told to accept it), passes each request to
 * the server as HTTP/1.1 and streams the answer back. A measuring aid, not a production proxy.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** Headers of one HTTP/1.1 hop, which HTTP/2 forbids. */
const connectionHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

function selfSignedCertificate() {
  const directory = mkdtempSync(path.join(tmpdir(), 'http2-front-'))
  const [key, cert] = [path.join(directory, 'key.pem'), path.join(directory, 'cert.pem')]
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost']
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', ...subject, '-keyout', key, '-out', cert],
    {
      stdio: 'ignore',
    },
  )
  const pair = { key: readFileSync(key), cert: readFileSync(cert) }
  rmSync(directory, { recursive: true })
  return pair
}

export async function startHttp2Front(serverPort: number) {
  const agent = new http.Agent({ keepAlive: true })
  const front = http2.createSecureServer(selfSignedCertificate())
  // The browser keeps its connection open: closing the front ends it.
  const sessions = new Set<http2.ServerHttp2Session>()
  front.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  front.on('stream', (stream, headers) => {
    stream.on('error', () => {})
    const forwarded: http.OutgoingHttpHeaders = { host: headers[':authority'], 'x-forwarded-proto': 'https' }
    for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) forwarded[name] = value
    const upstream = http.request(
      { agent, host: '127.0.0.1', port: serverPort, method: headers[':method'], path: headers[':path'], headers: forwarded },
      (answer) => {
        const answerHeaders: http2.OutgoingHttpHeaders = { ':status': answer.statusCode ?? 502 }
        for (const [name, value] of Object.entries(answer.headers)) if (!connectionHeaders.has(name)) answerHeaders[name] = value
        if (stream.closed) return answer.resume()
        stream.respond(answerHeaders)
        answer.pipe(stream)
      },
    )
    upstream.on('error', () => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR))
    stream.pipe(upstream)
  })
  await new Promise<void>((resolve) => front.listen(0, resolve))
  return {
    port: (front.address() as AddressInfo).port,
    close: async () => {
      sessions.forEach((session) => session.destroy())
      await new Promise<void>((resolve) => front.close(() => resolve()))
      agent.destroy()
    },
  }
}
