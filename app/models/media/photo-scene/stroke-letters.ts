/**
 * A tiny stroke alphabet on a 40x60 grid, so monograms never depend on the
 * fonts installed on the machine that renders them (byte-identical output).
 */
export const STROKE_LETTERS: Readonly<Record<string, string>> = {
  A: 'M0 60L20 0L40 60M8 38H32',
  B: 'M0 0V60H24A15 15 0 0 0 24 30H0M0 0H22A13 15 0 0 1 22 30',
  C: 'M40 10A22 30 0 1 0 40 50',
  D: 'M0 0V60H14A26 30 0 0 0 14 0Z',
  E: 'M40 0H0V60H40M0 30H30',
  F: 'M40 0H0V60M0 30H30',
  G: 'M40 10A22 30 0 1 0 40 50V34H22',
  H: 'M0 0V60M40 0V60M0 30H40',
  J: 'M36 0V42A18 18 0 0 1 0 42',
  K: 'M0 0V60M40 0L0 36M14 26L40 60',
  L: 'M0 0V60H40',
  M: 'M0 60V0L20 36L40 0V60',
  N: 'M0 60V0L40 60V0',
  P: 'M0 60V0H24A15 15 0 0 1 24 30H0',
  R: 'M0 60V0H24A15 15 0 0 1 24 30H0M18 30L40 60',
  T: 'M0 0H40M20 0V60',
  U: 'M0 0V40A20 20 0 0 0 40 40V0',
  V: 'M0 0L20 60L40 0',
  W: 'M0 0L10 60L20 20L30 60L40 0',
  X: 'M0 0L40 60M40 0L0 60',
  Y: 'M0 0L20 30L40 0M20 30V60',
  Z: 'M0 0H40L0 60H40',
}

export const LETTERS = Object.keys(STROKE_LETTERS)

/** The grid every stroke letter is drawn on. */
export const LETTER_WIDTH = 40
export const LETTER_HEIGHT = 60
