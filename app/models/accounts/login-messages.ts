/** Too many tries from one connection where no form names its limit and wait (a login link, a second-factor code, a bot's feedback). */
export const tooManyAttemptsMessage = 'Too many attempts from your connection. Please wait a few minutes and try again.'

/**
 * What a refused login says: spec §8 "Token login" texts quoted exactly, and our own for a blocked
 * account (issue 17: a clear message) and for too many attempts. `{support}` is the site's
 * support address (spec §3 site settings 'contact support').
 */
export const loginMessages = {
  /** Spec §8 alert, the heading of a failed token login's notice. */
  failed: 'Failed to login.',
  /** Spec §8: the token did not log anyone in (unknown, used or expired). */
  notLoggedIn: 'Login via token did not succeed.',
  /** Spec §8: the login could not be processed (the database failed). */
  unavailable: (support: string) => `We are unable to process your login at this time. Please contact ${support}.`,
  blocked: (support: string) => `This account is blocked, so it cannot log in. Please contact ${support}.`,
  tooManyAttempts: tooManyAttemptsMessage,
} as const

/** Why a login by token failed, as the next page's notice says it. */
export type LoginFailure = 'not-logged-in' | 'unavailable' | 'blocked' | 'too-many-attempts'

export function loginFailureMessage(failure: LoginFailure, support: string) {
  switch (failure) {
    case 'not-logged-in':
      return loginMessages.notLoggedIn
    case 'unavailable':
      return loginMessages.unavailable(support)
    case 'blocked':
      return loginMessages.blocked(support)
    case 'too-many-attempts':
      return loginMessages.tooManyAttempts
  }
}
