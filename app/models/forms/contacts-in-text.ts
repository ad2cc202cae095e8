/**
 * E-mail addresses and links in free text (spec §5 text flags noEmail and noUrl), found in time
 * linear in the text's length (issue 33 finding 5). They mean what these patterns do:
 *
 *   e-mail: /[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/
 *   link:   /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|us|gov|edu|io)\b/i
 *           tried on the text with its e-mail addresses taken out
 *
 * but a backtracking engine tries those from every position and scans ahead from each, which is
 * quadratic: a 30,000-character message of `a.a.a.…` took 1.7 s. Here every '@', '.' and ':'
 * is looked at once, and only fixed-length or run-bounded patterns are tried there.
 */

/** Character tests on UTF-16 code units: a regular expression per character would be ten times slower. */
const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
const isDigit = (code: number) => code >= 48 && code <= 57
/** `\w`: letters, digits and '_'. */
const isWordCharacter = (code: number) => isLetter(code) || isDigit(code) || code === 95
/** `[A-Za-z0-9-]`: a domain's label. */
const isLabelCharacter = (code: number) => isLetter(code) || isDigit(code) || code === 45
/** `[A-Za-z0-9+.-]`: a URL's scheme. */
const isSchemeCharacter = (code: number) => isLabelCharacter(code) || code === 43 || code === 46
/** `[A-Za-z0-9._%+-]`: an address's local part. */
const isLocalCharacter = (code: number) => isSchemeCharacter(code) || code === 95 || code === 37
const dot = 46
const colon = 58

const topLevelDomains = new Set(['com', 'net', 'org', 'info', 'biz', 'us', 'gov', 'edu', 'io'])
const wwwLink = /\bwww\.\S/i
const nonSpace = /\S/

/** Whether a word boundary (`\b`) lies just before `index`. */
function isWordBoundary(text: string, index: number) {
  const before = index > 0 && isWordCharacter(text.charCodeAt(index - 1))
  const after = index < text.length && isWordCharacter(text.charCodeAt(index))
  return before !== after
}

/** The length of the run of characters that pass `test` from `index` on, counted up to `atMost`. */
function runLength(text: string, index: number, test: (code: number) => boolean, atMost = Infinity) {
  let end = index
  while (end < text.length && end - index < atMost && test(text.charCodeAt(end))) end += 1
  return end - index
}

/**
 * Where the domain that starts at `index` ends, else undefined: labels each ending with a dot,
 * then two letters or more. Like the pattern's greedy match, the last dot with letters after it
 * wins, and takes all of them.
 */
function domainEnd(text: string, index: number) {
  let end: number | undefined
  for (let label = index; ;) {
    const labelEnd = label + runLength(text, label, isLabelCharacter)
    if (labelEnd === label || text.charCodeAt(labelEnd) !== dot) return end
    label = labelEnd + 1
    const letters = runLength(text, label, isLetter)
    if (letters >= 2) end = label + letters
  }
}

/**
 * Calls `found(start, end)` for each e-mail address of the text as the pattern's global search
 * finds them, left to right and not overlapping. Neither local parts nor domains hold an '@', so
 * each run is scanned once.
 */
function forEachEmail(text: string, found: (start: number, end: number) => void) {
  let searchFrom = 0
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at
    while (start > searchFrom && isLocalCharacter(text.charCodeAt(start - 1))) start -= 1
    if (start === at) continue
    const end = domainEnd(text, at + 1)
    if (end === undefined) continue
    found(start, end)
    searchFrom = end
  }
}

/** Whether the text holds an e-mail address. */
export function containsEmail(text: string) {
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at > 0 && isLocalCharacter(text.charCodeAt(at - 1)) && domainEnd(text, at + 1) !== undefined) return true
  }
  return false
}

const utf16 = new TextDecoder('utf-16le')
const space = 32

/**
 * The text with each e-mail address's characters replaced by spaces (as good as one space to the
 * link patterns). Written into one buffer: a text of many short addresses would otherwise make as
 * many pieces, and collecting them grew faster than the text.
 */
function withoutEmails(text: string) {
  let codes: Uint16Array | undefined
  forEachEmail(text, (start, end) => {
    if (!codes) {
      codes = new Uint16Array(text.length)
      for (let index = 0; index < text.length; index++) codes[index] = text.charCodeAt(index)
    }
    codes.fill(space, start, end)
  })
  return codes ? utf16.decode(codes) : text
}

/**
 * A scheme and '://' followed by anything but a space. Going left to right, `hasSchemeStart` says
 * whether the run of scheme characters just before holds a letter at a word boundary.
 */
function containsSchemeLink(text: string) {
  let hasSchemeStart = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === colon && hasSchemeStart && text.startsWith('//', index + 1) && nonSpace.test(text.charAt(index + 3))) return true
    if (!isSchemeCharacter(code)) hasSchemeStart = false
    else if (isLetter(code) && isWordBoundary(text, index)) hasSchemeStart = true
  }
  return false
}

/** Whether a common top-level domain, a whole word (`(?:com|…|io)\b`, any case), starts at `index`. */
function isTopLevelDomainAt(text: string, index: number) {
  const length = runLength(text, index, isWordCharacter, 5)
  return length >= 2 && length <= 4 && topLevelDomains.has(text.slice(index, index + length).toLowerCase())
}

/**
 * Labels joined by single dots, then a dot and a common top-level domain at a word's end. Going
 * left to right, `hasLabelStart` says whether the dotted labels just before begin, somewhere, at a
 * word boundary; two dots in a row or any other character start over.
 */
function containsBareDomain(text: string) {
  let hasLabelStart = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === dot) {
      if (hasLabelStart && index > 0 && isLabelCharacter(text.charCodeAt(index - 1)) && isTopLevelDomainAt(text, index + 1)) return true
      if (index === 0 || text.charCodeAt(index - 1) === dot) hasLabelStart = false
    } else if (!isLabelCharacter(code)) hasLabelStart = false
    else if (isWordBoundary(text, index)) hasLabelStart = true
  }
  return false
}

/** Whether the text holds a link: a scheme (`http://`), `www.`, or a bare domain with a common top-level domain; an e-mail address is not a link. */
export function containsLink(text: string) {
  const rest = withoutEmails(text)
  return wwwLink.test(rest) || containsSchemeLink(rest) || containsBareDomain(rest)
}
