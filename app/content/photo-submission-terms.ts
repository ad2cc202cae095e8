import type { ContentContext, ContentPageText, ContentSectionText } from '~/models/content/content-text'
import { list, mailLink, pageLink, paragraph } from './blocks'

/**
 * The rules for photos advertisers submit: ownership, the license they give, content rules,
 * removal. A site without a photo-terms page prints these sections in its advertising terms.
 */
export function photoSubmissionSections(context: ContentContext): ContentSectionText[] {
  const { siteName } = context
  return [
    {
      heading: 'You keep ownership of your photos',
      blocks: [
        paragraph(
          `Submitting a photo to ${siteName} does not transfer its copyright to us. You, or the photographer who licensed it to you, keep every right you had before.`,
        ),
        paragraph(
          'You may only submit a photo that you took yourself, that you own, or that you have written permission from its owner to use for advertising the property. Photos copied from another listing, another website or a photographer who has not agreed are not allowed, even if they show the same property.',
        ),
      ],
    },
    {
      heading: 'The license you give us',
      blocks: [
        paragraph(
          `By submitting a photo you give us a non-exclusive, royalty-free, worldwide license to store it, resize and crop it, compress it for fast loading, add a small ${siteName} mark to it, and show it on the site, in our e-mails to buyers, on printable flyers and in our advertising of your listing, including on social media and partner sites that carry our listings.`,
        ),
        paragraph(
          'The license lasts while the listing is on the site and for a reasonable time afterwards to clear copies from our systems and caches. Photos of sold properties may stay visible on the record of the sale shown to buyers researching land prices, unless you ask us to remove them.',
        ),
      ],
    },
    {
      heading: 'What a photo may show',
      blocks: [
        paragraph('Photos must show the property being advertised and show it honestly. Please do not submit photos that:'),
        list(
          'show a different property, or a neighboring property presented as part of the one for sale;',
          'are edited to mislead, for example by adding water, removing power lines or buildings, or changing the season in a way that misrepresents the land;',
          'contain phone numbers, web addresses, e-mail addresses, logos or large text added on top of the image (use the listing fields for contact details);',
          'show identifiable people who have not agreed to appear, or license plates, house numbers of other properties or other private details;',
          'show graphic images of harvested game or animals that could distress viewers, or anything violent, sexual or unlawful;',
          'are screenshots, very small images or images with heavy borders.',
        ),
        paragraph('Aerial and drone photos are welcome if they were taken in line with the rules that apply to the pilot and the airspace.'),
      ],
    },
    {
      heading: 'Removing photos',
      blocks: [
        paragraph(
          'You can remove or replace your photos at any time while your listing is active. We may remove, crop or decline any photo that breaks these terms or that we receive a credible complaint about, and we may remove a listing whose photos repeatedly break them.',
        ),
      ],
    },
    {
      heading: 'If someone uses your photo without permission',
      blocks: [
        paragraph(
          'If you believe a photo on the site infringes your copyright, write to ',
          mailLink(context.legalEmail),
          ' with the address of the listing, a description of your work and how you own it, your contact details, and a statement that you believe in good faith the use is not authorized. We will review the notice promptly and remove the photo where appropriate.',
        ),
      ],
    },
  ]
}

export function photoSubmissionTerms(context: ContentContext): ContentPageText {
  const { siteName } = context
  return {
    heading: 'Terms and Conditions for Submitting Photos',
    description: `What happens to the photos you submit with a listing on ${siteName}: you keep ownership, the license you give us, what photos may show and how they are removed.`,
    updated: 'March 1, 2025',
    introduction: [
      paragraph(
        `These terms apply to every photo, aerial image, map image or other picture you submit to ${siteName}, whether you upload it yourself or a listing feed sends it for you. They add to our `,
        pageLink(context, 'termsOfUse', 'Terms of Use'),
        ' and ',
        pageLink(context, 'advertisingTerms', 'Advertising Terms'),
        '.',
      ),
    ],
    sections: [
      ...photoSubmissionSections(context),
      {
        heading: 'Contact us',
        blocks: [paragraph('Questions about photos or these terms can be sent to ', mailLink(context.advertisingEmail), '.')],
      },
    ],
  }
}
