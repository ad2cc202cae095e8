/**
 * Where the originals of uploaded and feed photos are kept (issue 37, decision 0065): a folder on
 * this machine (the default, one machine) or a bucket every server reads (S3, R2, MinIO). Names
 * are `{documentId}.jpg`; a name, once written, keeps its bytes (ids come from the bytes' hash),
 * so `put` never replaces. Renditions are not here: each server caches its own (images.server.ts).
 */
export interface PhotoStorage {
  /** The folder or s3://bucket/prefix, for messages; never a credential. */
  readonly location: string
  /** 'taken' when other bytes already hold the name: they stay. */
  put(name: string, body: Buffer): Promise<'written' | 'already-there' | 'taken'>
  get(name: string): Promise<Buffer | undefined>
  /** When the photo was written (ms since 1970), or undefined when there is none; reads no bytes. */
  modifiedAt(name: string): Promise<number | undefined>
  /** Deleting what is not there is no error. */
  delete(name: string): Promise<void>
  /** Every photo with its size, in no particular order. */
  list(): AsyncGenerator<{ name: string; bytes: number }>
}
