/** The part of s3rver 3.7 (a local S3-protocol server, no published types) the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string }[] })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
