import { type ReactNode, useRef, useState } from 'react'
import { ChevronIcon } from './icons'

/**
 * A card's photos as a swipeable strip (CSS scroll snap: no slider library in the card), with
 * looping previous/next buttons and arrow keys. Spec §4: the current slide and its neighbours
 * load eagerly, the rest when they come near.
 *
 * The strip sits above the card's stretched title link so a finger can swipe it; each photo links
 * to the listing itself (for pointers only: keyboard users have the title link), and the strip
 * takes focus so arrow keys reach it.
 */
export function CardPhotoCarousel({ title, href, slides }: { title: string; href: string; slides: ((loading: 'eager' | 'lazy') => ReactNode)[] }) {
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const count = slides.length

  const show = (index: number) => {
    const element = track.current
    if (!element) return
    const target = (index + count) % count
    element.scrollTo({ left: target * element.clientWidth, behavior: 'smooth' })
    setCurrent(target)
  }
  const onScroll = () => {
    const element = track.current
    if (element && element.clientWidth > 0) setCurrent(Math.round(element.scrollLeft / element.clientWidth))
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      show(current + (event.key === 'ArrowRight' ? 1 : -1))
    }
  }
  const buttonStyle = 'absolute top-1/2 z-10 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow hover:bg-white'

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys bubble up from the strip and from the buttons
    <div className="absolute inset-0 z-[1]" role="group" aria-roledescription="carousel" aria-label={`Photos of ${title}`} onKeyDown={onKeyDown}>
      <div
        ref={track}
        onScroll={onScroll}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container, focusable so the arrow keys reach it (the rule's documented exception)
        tabIndex={0}
        className="flex h-full snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] focus-visible:outline-offset-[-4px]"
      >
        {slides.map((slide, index) => (
          <a key={index} href={href} tabIndex={-1} className="h-full w-full shrink-0 snap-start" aria-hidden={index !== current}>
            {slide(Math.abs(index - current) <= 1 || (current === 0 && index === count - 1) ? 'eager' : 'lazy')}
          </a>
        ))}
      </div>
      <button type="button" className={`${buttonStyle} left-2`} onClick={() => show(current - 1)} aria-label="Previous photo">
        <ChevronIcon direction="left" />
      </button>
      <button type="button" className={`${buttonStyle} right-2`} onClick={() => show(current + 1)} aria-label="Next photo">
        <ChevronIcon direction="right" />
      </button>
      <p className="sr-only" aria-live="polite">{`Photo ${current + 1} of ${count}`}</p>
    </div>
  )
}
