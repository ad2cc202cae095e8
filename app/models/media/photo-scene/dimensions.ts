export const PHOTO_WIDTH = 1600
export const PHOTO_HEIGHT = 1067
export const PORTRAIT_SIZE = 800
export const LOGO_WIDTH = 800
export const LOGO_HEIGHT = 400
