import type { ContentContext, ContentPageText, ContentSectionText } from '~/models/content/content-text'
import { list, mailLink, pageLink, paragraph } from './blocks'
import { photoSubmissionSections } from './photo-submission-terms'

/** Advertising terms: who may advertise, listing accuracy, fair housing, fees, leads, removal. */
export function advertisingTerms(context: ContentContext): ContentPageText {
  const { siteName } = context
  return {
    heading: 'Advertising Terms',
    description: `The terms for advertising land and rural property on ${siteName}: who may advertise, keeping listings accurate, fair housing, fees and billing, leads and removal.`,
    updated: 'March 1, 2025',
    introduction: [
      paragraph(
        `These terms apply to anyone who places a listing, a broker profile or a business advertisement on ${siteName}, whether through our listing tools, a listing feed or a partner. They add to our `,
        pageLink(context, 'termsOfUse', 'Terms of Use'),
        ', which every user of the site accepts. By advertising with us you accept both.',
      ),
    ],
    sections: [
      {
        heading: 'Who may advertise',
        blocks: [
          paragraph('You may advertise a property if you are:'),
          list(
            'a real estate broker or agent licensed in the state where the property is, listing it with the written agreement of the owner;',
            "an auctioneer engaged by the owner to sell it, holding any license the property's state requires;",
            'the owner of the property, or someone with legal authority to sell it for the owner, such as a trustee or executor;',
            'a land retailer or developer selling land it owns.',
          ),
          paragraph(
            'Business advertisements, for example from lenders, surveyors or equipment dealers, must be for lawful services related to land and rural property. We may ask for proof of a license or of your right to sell, and we may decline any advertiser.',
          ),
        ],
      },
      {
        heading: 'Keeping listings accurate',
        blocks: [
          paragraph('You are responsible for everything in your listings. Each listing must:'),
          list(
            'describe a real property that is available to buy, at the price shown, or be marked under contract or sold as soon as that is the case;',
            'state the acreage, location and price honestly, and say when acreage is approximate or a price is a starting bid;',
            'disclose material facts you know about, such as the lack of legal road access, easements, flood zones or mineral rights that do not convey;',
            'appear once: the same property may not be listed several times to take up more search results.',
          ),
          paragraph(
            'Update or remove a listing within three business days of any change in its price or availability. Listings that come through a feed are updated each time the feed runs; you are responsible for keeping the feed accurate.',
          ),
        ],
      },
      {
        heading: 'Fair housing and equal opportunity',
        blocks: [
          paragraph(
            'Listings and advertisements must follow the federal Fair Housing Act and the fair housing laws of each state and city. They may not state or suggest a preference, limitation or discrimination based on race, color, religion, sex, disability, familial status, national origin or any other status protected where the property is. Describe the property, not the buyer you want.',
          ),
          paragraph('We may edit or remove wording that appears to break these laws, and we may do so without notice when the wording is plainly discriminatory.'),
        ],
      },
      {
        heading: 'Photos, maps and videos',
        blocks: context.paths.photoTerms
          ? [
              paragraph(
                'Photos you submit must follow our ',
                pageLink(context, 'photoTerms', 'Terms and Conditions for Submitting Photos'),
                ', which explain the license you give us and what a photo may show. Maps, boundary drawings and videos must also show the property honestly; say when boundaries are approximate.',
              ),
            ]
          : [
              paragraph(
                'The photo rules below explain the license you give us and what a photo may show. Maps, boundary drawings and videos must also show the property honestly; say when boundaries are approximate.',
              ),
            ],
      },
      {
        heading: 'Fees and billing',
        blocks: [
          paragraph(
            'Basic listings may be free. Upgraded listings, featured placements, broker profiles and business advertisements are paid. The price, what it includes and how long it runs are shown when you order, or in your written agreement with us if you have one.',
          ),
          paragraph(
            'Paid advertising is billed in advance for each period and renews automatically until you cancel. You can cancel at any time from your account or by writing to us; canceling stops the next renewal, and the advertising stays live until the end of the period you have paid for. Fees already paid are not refunded, except where the law requires it or where we remove your advertising without a breach of these terms by you.',
          ),
          paragraph(
            'We may change our prices for future periods; we will tell you at least 30 days before a change affects a renewal. If a payment fails we may pause your upgrades until it is settled.',
          ),
        ],
      },
      {
        heading: 'Leads from buyers',
        blocks: [
          paragraph(
            "When a buyer contacts you through the site we send you their name, contact details and message. Use them only to answer the buyer about the property or your services, and follow the law on commercial e-mail, calls and text messages, including the buyer's wish not to be contacted again. Do not sell or share leads with anyone else.",
          ),
        ],
      },
      ...(context.paths.photoTerms ? [] : photoSubmissionSections(context)),
      {
        heading: 'Review, editing and removal',
        blocks: [
          paragraph(
            'We review listings and act on reports from buyers. We may edit a listing to fix formatting or to remove contact details placed in the wrong field, and we may hide or remove a listing or an advertisement that breaks these terms, that we believe is fraudulent, or that a court or authority asks us to remove. Where we can, we will tell you why.',
          ),
          paragraph(
            'If you repeatedly or seriously break these terms we may close your advertising account. Paid fees for advertising removed for a breach are not refunded.',
          ),
        ],
      },
      {
        heading: 'Your responsibility to us',
        blocks: [
          paragraph(
            'You agree to cover our reasonable losses and costs, including legal fees, arising from a claim by someone else about your listings or advertisements, for example a claim that a listing was misleading, infringed copyright or broke fair housing law.',
          ),
        ],
      },
      {
        heading: 'Contact us',
        blocks: [paragraph('Questions about advertising, billing or these terms can be sent to ', mailLink(context.advertisingEmail), '.')],
      },
    ] satisfies ContentSectionText[],
  }
}
