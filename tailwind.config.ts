import type { Config } from 'tailwindcss'
import plugin from 'tailwindcss/plugin'
// Spec §9 breakpoints.
import { screens } from './app/sites/screens'

/** Theme tokens read the CSS variables that each site sets on <html data-site> (app/tailwind.css). */
const themeColour = (name: string) => `rgb(var(--color-${name}) / <alpha-value>)`

/** The screens a site's full menu may start from (`SiteProfile.fullMenuScreen`). */
const fullMenuScreens = ['medium', 'larger-than-ipad-pro'] as const

/**
 * `full-menu:` and `drawer:` style the one header menu as the bar of drop-downs or the mobile
 * drawer, from the width the header's `data-full-menu` names (spec §2: it differs by site).
 */
const menuVariants = plugin(({ addVariant }) => {
  const at = (query: (width: string) => string) => fullMenuScreens.map((screen) => `@media ${query(screens[screen])} { [data-full-menu=${screen}] & }`)
  addVariant(
    'full-menu',
    at((width) => `(min-width: ${width})`),
  )
  addVariant(
    'drawer',
    at((width) => `not all and (min-width: ${width})`),
  )
})

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: themeColour('brand'), contrast: themeColour('brand-contrast') },
        accent: themeColour('accent'),
        surface: themeColour('surface'),
        ink: themeColour('ink'),
      },
      fontFamily: { site: 'var(--font-site)' },
      screens,
    },
  },
  plugins: [menuVariants],
} satisfies Config
