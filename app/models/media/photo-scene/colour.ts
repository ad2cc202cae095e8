export type Rgb = readonly [red: number, green: number, blue: number]

export const WHITE: Rgb = [255, 255, 255]
export const BLACK: Rgb = [0, 0, 0]

/** Hue in degrees (any value, wrapped), saturation and lightness from 0 to 1. */
export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const turn = (((hue % 360) + 360) % 360) / 360
  const upper = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation
  const lower = 2 * lightness - upper
  const channel = (offset: number) => {
    const position = offset < 0 ? offset + 1 : offset > 1 ? offset - 1 : offset
    if (position < 1 / 6) return lower + (upper - lower) * 6 * position
    if (position < 1 / 2) return upper
    if (position < 2 / 3) return lower + (upper - lower) * (2 / 3 - position) * 6
    return lower
  }
  return [channel(turn + 1 / 3) * 255, channel(turn) * 255, channel(turn - 1 / 3) * 255]
}

/** The colour `amount` of the way from `from` to `to`. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [from[0] + (to[0] - from[0]) * amount, from[1] + (to[1] - from[1]) * amount, from[2] + (to[2] - from[2]) * amount]
}

export function darken(colour: Rgb, amount: number): Rgb {
  return mix(colour, BLACK, amount)
}

export function lighten(colour: Rgb, amount: number): Rgb {
  return mix(colour, WHITE, amount)
}

/** `#rrggbb`; channels drift outside 0..255 after mixing, so they are clamped here. */
export function toHex(colour: Rgb): string {
  return (
    '#' +
    colour
      .map((value) =>
        Math.max(0, Math.min(255, Math.round(value)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  )
}
