import type { ReactNode } from 'react'

/**
 * Outline icons (24×24, stroked in currentColor by `.icon`, app/tailwind.css), drawn once per page
 * in the root's sprite and referenced by `<use>`, so a results page with a hundred icons carries
 * their shapes once. Always decorative: the control around them carries the accessible name.
 */
const shapes = {
  heart: <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.9 3.7 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.4 0 5.5 3.4 4.3 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z" />,
  envelope: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </>
  ),
  camera: (
    <>
      <path d="M4 8h3l1.5-2.5h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z" />
      <circle cx="12" cy="13" r="3.5" />
    </>
  ),
  phone: <path d="M5 3.5h3.5l1.8 4.5-2.3 1.5a11 11 0 0 0 6.5 6.5l1.5-2.3 4.5 1.8V19a1.5 1.5 0 0 1-1.5 1.5A16.5 16.5 0 0 1 3.5 5 1.5 1.5 0 0 1 5 3.5Z" />,
  message: <path d="M4 5h16v12H9l-5 4V5Z" />,
  'arrow-down': <path d="M12 5v14m-6-6 6 6 6-6" />,
  'chevron-left': <path d="m15 18-6-6 6-6" />,
  'chevron-right': <path d="m9 18 6-6-6-6" />,
} satisfies Record<string, ReactNode>

/** The shapes of every icon, once, for the root layout to render at the top of the body. */
export function IconSprite() {
  return (
    <svg className="hidden" aria-hidden="true">
      {Object.entries(shapes).map(([name, shape]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          {shape}
        </symbol>
      ))}
    </svg>
  )
}

function Icon({ name, className = 'h-5 w-5' }: { name: keyof typeof shapes; className?: string }) {
  return (
    <svg aria-hidden="true" className={`icon ${className}`}>
      <use href={`#icon-${name}`} />
    </svg>
  )
}

export const HeartIcon = ({ className }: { className?: string }) => <Icon name="heart" className={className} />
export const EnvelopeIcon = ({ className }: { className?: string }) => <Icon name="envelope" className={className} />
export const CameraIcon = ({ className }: { className?: string }) => <Icon name="camera" className={className} />
export const PhoneIcon = ({ className }: { className?: string }) => <Icon name="phone" className={className} />
export const MessageIcon = ({ className }: { className?: string }) => <Icon name="message" className={className} />
export const ArrowDownIcon = ({ className }: { className?: string }) => <Icon name="arrow-down" className={className} />

export function ChevronIcon({ direction, className }: { direction: 'left' | 'right'; className?: string }) {
  return <Icon name={`chevron-${direction}`} className={className} />
}
