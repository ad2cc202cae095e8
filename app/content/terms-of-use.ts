import type { ContentContext, ContentPageText } from '~/models/content/content-text'
import { list, mailLink, pageLink, paragraph } from './blocks'

/** Terms of use of a land marketplace: acceptable use, advertiser listings, no warranty, accounts, liability, law, contact. */
export function termsOfUse(context: ContentContext): ContentPageText {
  const { siteName } = context
  return {
    heading: 'Terms of Use',
    description: `The rules for using ${siteName}: acceptable use, who provides the listings, accounts, limits of our liability, governing law and how to reach us.`,
    updated: 'March 1, 2025',
    introduction: [
      paragraph(
        `These terms are an agreement between you and the company that operates ${siteName} ("we", "us"). They apply whenever you visit the site, search for property, create an account or send a message through it. By using ${siteName} you accept these terms. If you do not accept them, please do not use the site.`,
      ),
    ],
    sections: [
      {
        heading: 'What the site is',
        blocks: [
          paragraph(
            `${siteName} is a marketplace where brokers, agents, auctioneers, landowners and land retailers advertise land and rural property for sale in the United States, and where buyers search those listings and contact the people selling. We publish the listings; we do not own, sell or inspect the properties, and we are not a party to any sale.`,
          ),
        ],
      },
      {
        heading: 'Using the site acceptably',
        blocks: [
          paragraph('You may use the site to look for property, research land prices and contact sellers about properties you are interested in. You agree not to:'),
          list(
            'copy listings, photos or other content in bulk, or collect them with automated tools such as scrapers or bots, except search engines that follow our robots rules;',
            "send unsolicited advertising, chain letters or other spam through the site's contact forms;",
            'contact sellers or brokers for any purpose other than a genuine interest in a property or their services;',
            'post or send anything unlawful, threatening, harassing, defamatory or discriminatory;',
            'pretend to be someone else, or misstate your connection with a person or company;',
            'try to get into parts of the site, accounts or systems you are not authorized to use, or disrupt the site, for example by overloading it or spreading malicious code.',
          ),
          paragraph('We may limit, suspend or end access for anyone who breaks these rules.'),
        ],
      },
      {
        heading: 'Listings come from advertisers',
        blocks: [
          paragraph(
            'Each listing is written and supplied by the advertiser who placed it: the broker, agent, auctioneer, owner or retailer named on it. Prices, acreage, boundaries, access, water, mineral rights, zoning, photos and every other detail are their statements, not ours. A property may already be under contract or sold by the time you see it.',
          ),
          paragraph(
            'Before you rely on a listing, confirm the facts yourself with the seller and with independent professionals such as a surveyor, title company, attorney, appraiser or lender, and visit the property. Advertisers follow our ',
            pageLink(context, 'advertisingTerms', 'Advertising Terms'),
            '; if you believe a listing is wrong or misleading, use the "Report this listing" link on its page.',
          ),
        ],
      },
      {
        heading: 'No warranty',
        blocks: [
          paragraph(
            'We work to keep the site available and its information current, but we provide the site and everything on it "as is" and "as available". To the fullest extent the law allows, we make no warranties of any kind, express or implied, including warranties of accuracy, completeness, fitness for a particular purpose, title and non-infringement, and we do not promise that the site will be uninterrupted or free of errors.',
          ),
          paragraph(
            'Estimates, market figures, maps and boundary lines shown on the site are approximate and for general information only. They are not an appraisal, a survey or legal, tax or financial advice.',
          ),
        ],
      },
      {
        heading: 'Your account',
        blocks: [
          paragraph(
            'Some features, such as saving properties and searches, need an account. Give us accurate information, keep your password to yourself and tell us promptly if you think someone else has used your account. You are responsible for what happens under your account. You must be at least 18 years old to create one.',
          ),
          paragraph(
            'You may close your account at any time from your account settings or by writing to us. We may close or suspend an account that breaks these terms or has not been used for a long time, and we will tell you by e-mail when we can.',
          ),
        ],
      },
      {
        heading: 'Messages you send through the site',
        blocks: [
          paragraph(
            'When you contact a seller, broker or finance provider through the site, we pass your name, e-mail address, phone number and message to them so they can reply. They handle your information under their own practices. Please do not include sensitive information such as bank details or Social Security numbers in a message.',
          ),
          paragraph('We may keep a copy of messages sent through the site and review them to prevent spam and fraud.'),
        ],
      },
      {
        heading: 'Content you submit',
        blocks: [
          paragraph(
            'If you submit text, photos or other material to the site, you confirm that you have the right to do so and you give us permission to show it on the site and in our marketing of the listing. Photos are covered in more detail by our ',
            pageLink(context, 'photoTerms', 'Photo Submission Terms'),
            '.',
          ),
        ],
      },
      {
        heading: 'Our content and trademarks',
        blocks: [
          paragraph(
            `The design of the site, its software, its own text and graphics, and the ${siteName} name and logo belong to us or our licensors and are protected by law. You may view and print pages for your own personal, non-commercial use. Any other use needs our written permission.`,
          ),
        ],
      },
      {
        heading: 'Links to other websites',
        blocks: [
          paragraph(
            "Listings and advertisements may link to websites run by others, such as a broker's own site, an auction platform or a virtual tour. We do not control those websites and are not responsible for their content or their privacy practices.",
          ),
        ],
      },
      {
        heading: 'Limits of our liability',
        blocks: [
          paragraph(
            'To the fullest extent the law allows, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, lost data or lost opportunities, arising from your use of the site or from any dealings between you and an advertiser, even if we were told such damages were possible. Our total liability for any claim about the site is limited to the greater of one hundred US dollars or the amount you paid us in the twelve months before the claim.',
          ),
          paragraph('Some states do not allow some of these limits, so they may not all apply to you.'),
        ],
      },
      {
        heading: 'Changes to these terms',
        blocks: [
          paragraph(
            'We may update these terms from time to time. The date at the top of this page shows when they last changed. If a change is significant we will say so on the site or by e-mail to account holders. Continuing to use the site after a change means you accept the updated terms.',
          ),
        ],
      },
      {
        heading: 'Governing law and disputes',
        blocks: [
          paragraph(
            'These terms are governed by the laws of the State of Texas and applicable federal law, without regard to conflict-of-law rules. Any dispute about the site or these terms will be decided by the state or federal courts located in Travis County, Texas, and you and we agree to their jurisdiction, unless the law where you live gives you the right to bring a claim in your local courts.',
          ),
        ],
      },
      {
        heading: 'Contact us',
        blocks: [paragraph('Questions about these terms can be sent to ', mailLink(context.legalEmail), '. We answer most messages within two business days.')],
      },
    ],
  }
}
