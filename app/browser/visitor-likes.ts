import { accountPaths } from '~/models/accounts/account-paths'
import { memoryKeys, recall, remember } from './browser-memory'

/**
 * A visitor's like state (spec §4: like state is kept in browser storage; a visitor's like applies
 * after login). With scripts, a heart a visitor presses stays pressed on this device while they
 * log in, or come back later; once they are signed in, the likes kept here are added to the
 * account and forgotten here. Without scripts the session's pending action does the same for the
 * last one.
 */
const keptForMs = 30 * 24 * 60 * 60 * 1000

interface VisitorLike {
  listingId: number
  likedAt: number
}

function visitorLikes(now = Date.now()): VisitorLike[] {
  const stored = recall<VisitorLike[]>(memoryKeys.visitorLikes)
  return Array.isArray(stored) ? stored.filter((like) => Number.isSafeInteger(like?.listingId) && now - like.likedAt < keptForMs) : []
}

export function isVisitorLike(listingId: number) {
  return visitorLikes().some((like) => like.listingId === listingId)
}

export function setVisitorLike(listingId: number, isLiked: boolean, now = Date.now()) {
  const others = visitorLikes(now).filter((like) => like.listingId !== listingId)
  remember(memoryKeys.visitorLikes, isLiked ? [...others, { listingId, likedAt: now }] : others)
}

/** Signed in: adds the likes kept on this device to the account, then forgets them here. */
export async function addVisitorLikesToAccount() {
  const likes = visitorLikes()
  if (likes.length === 0) return
  remember(memoryKeys.visitorLikes, [])
  for (const { listingId } of likes) {
    const body = new FormData()
    body.set('listingId', String(listingId))
    body.set('intent', 'like')
    await fetch(accountPaths.likesApi, { method: 'POST', body }).catch(() => undefined)
  }
}
