import type { Config } from '@react-router/dev/config'

/** Server-rendered pages (every page is complete without JavaScript); routes are declared in app/routes.ts. */
export default {
  ssr: true,
} satisfies Config
