/** The part of negotiator 0.6.4 the page cache uses; its published types predate `preferred`, which the compression middleware passes. */
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> })
    encoding(available: readonly string[], preferred?: readonly string[]): string | undefined
  }
}
