import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { PhotoStoreSetting } from '~/config.server'
import type { PhotoStorage } from './photo-storage'

/**
 * Photos as objects in a bucket (decision 0065), through the AWS SDK, which speaks to AWS S3, R2
 * and MinIO alike and signs with the credentials it finds (AWS_* variables, a profile, a role). The
 * endpoint is configuration, not anything a request names, so the client does not go through the
 * outbound guard (net/outbound-fetch.server.ts), which would refuse a MinIO on a private network.
 */

export type BucketSetting = Extract<PhotoStoreSetting, { kind: 's3' }>

/** A stored photo is at most a few megabytes; past these the server answers without it rather than wait. */
const CONNECTION_TIMEOUT_MS = 5_000
const REQUEST_TIMEOUT_MS = 30_000

const isMissing = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404
const isTaken = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412

export function s3PhotoStorage(setting: BucketSetting): PhotoStorage {
  const client = new S3Client({
    region: setting.region,
    endpoint: setting.endpoint,
    // MinIO and local servers answer only at path-style addresses; R2 takes both; AWS wants its own.
    forcePathStyle: setting.endpoint !== undefined,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  })
  const { bucket, prefix } = setting
  const keyOf = (name: string) => `${prefix}${name}`

  async function get(name: string) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }))
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0)
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  async function put(name: string, body: Buffer) {
    const existing = await get(name)
    if (existing) return existing.equals(body) ? 'already-there' : 'taken'
    try {
      // If-None-Match: a different photo that took this name a moment ago keeps it (where the service honours it).
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(name), Body: body, ContentType: 'image/jpeg', IfNoneMatch: '*' }))
      return 'written'
    } catch (error) {
      if (!isTaken(error)) throw error
      return (await get(name))?.equals(body) ? 'already-there' : 'taken'
    }
  }

  async function modifiedAt(name: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }))
      return head.LastModified?.getTime() ?? 0
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  async function* list() {
    let continuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: continuationToken }))
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(prefix.length)
        // A deeper key is not one of ours: names are flat.
        if (name && !name.includes('/')) yield { name, bytes: object.Size ?? 0 }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (continuationToken)
  }

  return {
    location: `s3://${bucket}/${prefix}`,
    put,
    get,
    modifiedAt,
    delete: async (name) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }))
    },
    list,
  }
}
