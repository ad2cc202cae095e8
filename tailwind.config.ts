import type { Config } from 'tailwindcss'

/** Theme tokens read the CSS variables that each site sets on <html data-site> (app/tailwind.css). */
const themeColour = (name: string) => `rgb(var(--color-${name}) / <alpha-value>)`

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
      screens: {
        // Spec §9 breakpoints.
        small: '601px',
        medium: '901px',
        'list-map': '990px',
        tablet: '1025px',
        'medium-large': '1201px',
        'larger-than-ipad-pro': '1401px',
        large: '1601px',
      },
    },
  },
  plugins: [],
} satisfies Config
