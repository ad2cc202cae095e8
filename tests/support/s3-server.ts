import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/**
 * A local S3-protocol server (s3rver) in this process, on a free port of 127.0.0.1, keeping its
 * objects in a temporary folder: the photo storage's bucket for tests, with no network. `env` is
 * what points the app at it (decision 0065); s3rver takes any key but signs with its own.
 */
export async function startS3Server(bucket = 'photos', prefix = 'listing-photos') {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const env = {
    PHOTO_STORE: `s3://${bucket}/${prefix}`,
    S3_ENDPOINT: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  }
  return {
    endpoint,
    env,
    setting: { kind: 's3' as const, bucket, prefix: `${prefix}/`, endpoint, region: 'us-east-1' },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
