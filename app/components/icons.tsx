import sprite from './icons.svg?raw'

/**
 * Outline icons (24×24, stroked in currentColor by `.icon`, app/tailwind.css): `<use>` references
 * into the sprite that every page carries once (`IconSprite`, 0.5 KB gzip), so each icon costs one
 * short element. The sprite was a file of its own, but every page draws an icon in its first view,
 * and that request needed a connection of its own at first view: on a 700 ms link it held the page's
 * last paint back by 0.7 s. Always decorative: the control around them carries the accessible name.
 */
type IconName = 'heart' | 'envelope' | 'camera' | 'phone' | 'message' | 'arrow-down' | 'chevron-left' | 'chevron-right' | 'check'

function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={`icon ${className}`}>
      <use href={`#${name}`} />
    </svg>
  )
}

const symbols = sprite.replace(/^\s*<svg[^>]*>|<\/svg>\s*$/g, '').replace(/>\s+</g, '><')

/** The icons' shapes, once per page (the root layout), before anything that draws one. */
export function IconSprite() {
  return <svg aria-hidden="true" className="hidden" dangerouslySetInnerHTML={{ __html: symbols }} />
}

export const HeartIcon = ({ className }: { className?: string }) => <Icon name="heart" className={className} />
export const EnvelopeIcon = ({ className }: { className?: string }) => <Icon name="envelope" className={className} />
export const CameraIcon = ({ className }: { className?: string }) => <Icon name="camera" className={className} />
export const PhoneIcon = ({ className }: { className?: string }) => <Icon name="phone" className={className} />
export const MessageIcon = ({ className }: { className?: string }) => <Icon name="message" className={className} />
export const ArrowDownIcon = ({ className }: { className?: string }) => <Icon name="arrow-down" className={className} />
export const CheckIcon = ({ className }: { className?: string }) => <Icon name="check" className={className} />

export function ChevronIcon({ direction, className }: { direction: 'left' | 'right'; className?: string }) {
  return <Icon name={`chevron-${direction}`} className={className} />
}
