import { documentKind } from '~/models/media/document-ids'
import { LOGO_HEIGHT, LOGO_WIDTH, PHOTO_HEIGHT, PHOTO_WIDTH, PORTRAIT_SIZE } from './dimensions'
import { buildLogoSvg } from './logo'
import { buildPhotoSvg } from './photo'
import { buildPlaceholderSvg } from './placeholder'
import { buildPortraitSvg } from './portrait'

export interface Scene {
  svg: string
  width: number
  height: number
}

/** The SVG for a generated document, or undefined for uploads / unknown ids (those have no scene). */
export function buildSceneSvg(documentId: number): Scene | undefined {
  switch (documentKind(documentId)) {
    case 'photo':
      return { svg: buildPhotoSvg(documentId), width: PHOTO_WIDTH, height: PHOTO_HEIGHT }
    case 'portrait':
      return { svg: buildPortraitSvg(documentId), width: PORTRAIT_SIZE, height: PORTRAIT_SIZE }
    case 'logo':
      return { svg: buildLogoSvg(documentId), width: LOGO_WIDTH, height: LOGO_HEIGHT }
    case 'placeholder':
      return { svg: buildPlaceholderSvg(documentId), width: PHOTO_WIDTH, height: PHOTO_HEIGHT }
    default:
      return undefined
  }
}
