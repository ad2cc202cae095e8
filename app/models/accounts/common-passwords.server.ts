import { dictionary } from '@zxcvbn-ts/language-common'
import { notListedPassword } from '~/models/forms/validation'

/**
 * The most common passwords of published breaches (about 49,000, ranked), as the zxcvbn-ts project
 * keeps them in its npm package: shipped with the code, nothing fetched at run time. The list is
 * lower-case, so a password is looked up lower-cased ('Password1234' is as guessable as 'password1234').
 */
const commonPasswords = new Set(dictionary['passwords-common'])

export function isCommonPassword(password: string) {
  return commonPasswords.has(password.toLowerCase())
}

/** The §5 password rule's server half: a password from the common list fails with the §8 password message. */
export function notCommonPassword() {
  return notListedPassword(isCommonPassword)
}
