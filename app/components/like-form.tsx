import { type FormEvent, useEffect, useState } from 'react'
import { accountPaths, likeFormId } from '~/models/accounts/account-paths'
import { useViewer } from '~/hooks/use-site'
import { isVisitorLike, setVisitorLike } from '~/browser/visitor-likes'
import { HeartIcon } from './icons'

interface LikeFormProps {
  listingId: number
  listingTitle: string
  /** Whether the signed-in viewer likes the listing (always false for a visitor). */
  isLiked: boolean
  /** The page to come back to; without it the action returns to the Referer. */
  returnTo?: string
  /** 'icon': a round heart over a card's photo; 'labelled': a heart with 'Save' or 'Saved' beside it. */
  look: 'icon' | 'labelled'
  className?: string
}

/** The two looks (app/tailwind.css): the card's round icon is drawn 25 times a page, so it is one short class. */
const looks = { icon: 'like-icon', labelled: 'like-labelled' }

/**
 * The like (heart) button (spec §2 "Listing card", §4 "Like"): a real form posting to
 * /account/savedproperties/, so it works without scripts (a visitor is sent to log in and the like
 * applies after). With scripts it applies in place through the JSON endpoint, optimistically; a
 * visitor's like is also kept in the browser (visitor-likes.ts) while they log in.
 */
export function LikeForm({ listingId, listingTitle, isLiked, returnTo, look, className = '' }: LikeFormProps) {
  const isVisitor = useViewer() === null
  const [liked, setLiked] = useState(isLiked)
  useEffect(() => setLiked(isLiked || (isVisitor && isVisitorLike(listingId))), [isLiked, isVisitor, listingId])

  const toggle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const wanted = !liked
    const body = new FormData(event.currentTarget)
    body.set('intent', wanted ? 'like' : 'unlike')
    body.set('returnTo', `${window.location.pathname}${window.location.search}`)
    setLiked(wanted)
    if (isVisitor) setVisitorLike(listingId, wanted)
    // keepalive: a like pressed just before leaving the page is still stored.
    fetch(accountPaths.likesApi, { method: 'POST', body, keepalive: true })
      .then(async (response) => {
        const answer = (await response.json()) as { isLiked?: boolean; loginHref?: string }
        // Spec §4: a visitor's like asks them to log in; taking a kept like back needs no login.
        if (answer.loginHref) {
          if (wanted) window.location.assign(answer.loginHref)
        } else if (response.ok) setLiked(answer.isLiked === true)
        else setLiked(!wanted)
      })
      .catch(() => setLiked(!wanted))
  }

  return (
    <form method="post" action={accountPaths.favorites} id={likeFormId(listingId)} onSubmit={toggle} className={className}>
      <input type="hidden" name="listingId" value={listingId} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <button
        type="submit"
        name="intent"
        value={liked ? 'unlike' : 'like'}
        aria-label={look === 'icon' ? `Save ${listingTitle}` : undefined}
        aria-pressed={liked}
        className={looks[look]}
      >
        <HeartIcon className={liked ? 'h-6 w-6 fill-current text-red-700' : 'h-6 w-6'} />
        {look === 'labelled' ? (
          <span>
            Save<span className="sr-only"> this property</span>
          </span>
        ) : null}
      </button>
    </form>
  )
}
