/**
 * Spec §9 breakpoints (px), by their spec names: the one list Tailwind's screens
 * (tailwind.config.ts) and the scripts' media queries read.
 */
export const screens = {
  small: '601px',
  medium: '901px',
  'list-map': '990px',
  tablet: '1025px',
  'medium-large': '1201px',
  'larger-than-ipad-pro': '1401px',
  large: '1601px',
} as const

export type ScreenName = keyof typeof screens

/** A media query matching `screen` and wider. */
export function fromScreen(screen: ScreenName) {
  return `(min-width: ${screens[screen]})`
}
