import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/**
 * Spec §3 "Login info" and "User info" as GET /api/authenticate/logininfo/{siteId} answers them
 * (spec §7): what the browser may know of the signed-in user. No password hash ever leaves here.
 */
export interface UserInfo {
  isLoggedIn: true
  id: number
  contactName: string
  email: string
  accountType: number
  isSeller: boolean
  isAdmin: boolean
  /** A seller's account on the free tier; false for buyers. */
  isFree: boolean
  newsletter: boolean
  phone: string | null
  /** Office 1 (the default), mobile 2, toll free 3. */
  phoneType: number
  /** The ids of the listings the user likes (spec §3 listOfLiked). */
  listOfLiked: number[]
}

export interface LoginInfo {
  isLoggedIn: boolean
  userInfo: UserInfo | null
  /** SHA-256 of the trimmed, lower-cased e-mail address: who it is, without the address. */
  hashedEmail: string | null
  message: string | null
  errors: string[]
  isAdmin: boolean
}

export const visitorLoginInfo: LoginInfo = { isLoggedIn: false, userInfo: null, hashedEmail: null, message: null, errors: [], isAdmin: false }

/** The newest likes a login info carries; Favorites pages list them all. */
const maxLikedIds = 500

export function hashEmail(email: string) {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
}

/** The login info of a user id from the session; a visitor's when the user is gone. */
export async function findLoginInfo(db: Kysely<Database>, userId: number | null): Promise<LoginInfo> {
  if (userId === null) return visitorLoginInfo
  const [user, liked] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('accounts', 'accounts.id', 'users.account_id')
      .where('users.id', '=', userId)
      .select([
        'users.id',
        'users.contact_name',
        'users.email',
        'users.account_type',
        'users.is_seller',
        'users.is_admin',
        'users.newsletter',
        'users.phone',
        'users.phone_type',
        'accounts.is_free',
      ])
      .executeTakeFirst(),
    db.selectFrom('saved_properties').select('listing_id').where('user_id', '=', userId).orderBy('id', 'desc').limit(maxLikedIds).execute(),
  ])
  if (!user) return visitorLoginInfo
  const isAdmin = user.is_admin === 1
  return {
    isLoggedIn: true,
    userInfo: {
      isLoggedIn: true,
      id: user.id,
      contactName: user.contact_name,
      email: user.email,
      accountType: user.account_type,
      isSeller: user.is_seller === 1,
      isAdmin,
      isFree: user.is_free === 1,
      newsletter: user.newsletter === 1,
      phone: user.phone,
      phoneType: user.phone_type,
      listOfLiked: liked.map((row) => row.listing_id),
    },
    hashedEmail: hashEmail(user.email),
    message: null,
    errors: [],
    isAdmin,
  }
}
