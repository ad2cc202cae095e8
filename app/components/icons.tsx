import spriteUrl from './icons.svg?no-inline'

/**
 * Outline icons (24×24, stroked in currentColor by `.icon`, app/tailwind.css): `<use>` references
 * into one cached sprite file (icons.svg), so neither a page's HTML nor its script carries the
 * shapes. Always decorative: the control around them carries the accessible name.
 */
type IconName = 'heart' | 'envelope' | 'camera' | 'phone' | 'message' | 'arrow-down' | 'chevron-left' | 'chevron-right' | 'check'

function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={`icon ${className}`}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  )
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
