import type { ContentContext, ContentPageText } from '~/models/content/content-text'
import { list, mailLink, pageLink, paragraph } from './blocks'

/**
 * /farmcredit/documentation/listings/ and /farmcredit/documentation/leads/ (spec §2): how a
 * lender's finance center sends the properties it sells, and how it receives the finance leads
 * buyers send it (by e-mail, and by a signed webhook).
 */

export function farmCreditListingsDocumentation(context: ContentContext): ContentPageText {
  const { siteName, partnersEmail } = context
  return {
    heading: 'Farm Credit Listings Documentation',
    description: `How a farm credit lender sends the properties it sells to ${siteName}: the land feed with its finance center, what is checked, and how listings leave.`,
    updated: 'November 23, 2026',
    introduction: [
      paragraph(
        `Farm credit associations and other rural lenders sell land they hold, and many list the properties their borrowers sell. ${siteName} takes these listings in the same feed as every other partner: see the `,
        pageLink(context, 'landFeedDocs', 'Land Feed Documentation'),
        ' for the format, the fields and the checks.',
      ),
    ],
    sections: [
      {
        heading: 'Setting up',
        blocks: [
          list(
            [
              'Write to ',
              mailLink(partnersEmail),
              ' with the https address of your feed, how often it changes, and your finance center id (it is in the address of your finance page, /financing?financeCenterId=…).',
            ],
            'We link the feed to your finance center and to the account your listings belong to, and agree the schedule and the grace period before a missing listing leaves the site.',
            'Your account then shows every import with its counts and the listings we fixed, held or rejected, with the reasons.',
          ),
        ],
      },
      {
        heading: 'What to send',
        blocks: [
          list(
            'One listing per property for sale, in XML (or CSV), with the required fields of the land feed: id, status, title, price (or saleType auction), acres, county, state and at least one property type.',
            'A point on the property (latitude and longitude) places it exactly; without one, it is placed at its zip code or city when those lie in its county. A point outside the county holds the listing for review.',
            'Price the whole property: a price that looks like the price of one acre is held for review.',
          ),
        ],
      },
      {
        heading: 'Keeping listings current',
        blocks: [
          list(
            'Send the whole list of properties you are selling each time (a full feed). A property you stop sending goes off market after the agreed grace period, so a sold farm does not linger on the site.',
            'When a sale closes, send the property once more with the status sold, and the sales price and date if you may publish them: buyers researching a county see what land sold for.',
            'Change a price in the feed and the listing shows the change at the next import, with the reduction noted on its card; an unchanged listing is left exactly as it was.',
            "Keep your own id for a property the same from one feed to the next, even when the property's title or price changes: a new id is a new listing.",
          ),
        ],
      },
      {
        heading: 'What the checks mean for a lender',
        blocks: [
          paragraph(
            'Lender listings are often entered from loan files, where a few mistakes are common. The same quality checks every partner listing passes catch them before buyers do:',
          ),
          list(
            "The county's name in the city field is replaced by the county's nearest real city, and the report says so.",
            'A size given in square feet, such as a lot of 87,120, is converted to 2 acres when the price shows it cannot be acres.',
            'A price far below or far above what comparable land in the county sells for per acre is held until our staff have looked at it, so a typing slip never shows a farm at a tenth of its value.',
            'Markup copied from a web page is removed from titles and descriptions, and contact phone numbers and e-mail addresses that are not valid are left out.',
          ),
        ],
      },
      {
        heading: 'Leads about your listings',
        blocks: [
          paragraph(
            'Buyers who ask about financing on your finance page, or tick the financing box on a listing, become finance leads. How they reach you is on the ',
            pageLink(context, 'farmCreditLeads', 'Farm Credit Leads Documentation'),
            '.',
          ),
        ],
      },
    ],
  }
}

const leadExample = `POST /landmarket/leads HTTP/1.1
Host: lending.example
Content-Type: application/json
X-Landmarket-Event: finance-lead
X-Landmarket-Delivery: 5812
X-Landmarket-Signature: t=1795420800,v1=5f0c3b…e91a

{
  "leadId": 1207,
  "financeCenterId": 12,
  "siteId": 0,
  "listingId": 48213,
  "name": "Jordan Avery",
  "email": "jordan@example.com",
  "phone": "512-555-0199",
  "message": "Could you finance about 80 % of this ranch?",
  "wantsFinancing": true,
  "createdAt": "2026-11-23T15:04:05.000Z",
  "pageUrl": "https://www.landatlas.example/property/40-acres-in-llano-county-tx/48213/"
}`

const verifyExample = `import { createHmac, timingSafeEqual } from 'node:crypto'

// body: the raw request body, exactly as received; secret: the one we gave you.
function isFromLandmarket(signatureHeader, body, secret, now = Date.now() / 1000) {
  const parts = Object.fromEntries(signatureHeader.split(',').map((part) => part.split('=')))
  if (Math.abs(now - Number(parts.t)) > 300) return false
  const expected = createHmac('sha256', secret).update(\`\${parts.t}.\${body}\`).digest('hex')
  return parts.v1?.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
}`

export function farmCreditLeadsDocumentation(context: ContentContext): ContentPageText {
  const { siteName, partnersEmail } = context
  return {
    heading: 'Farm Credit Leads Documentation',
    description: `How a farm credit lender receives the finance leads ${siteName} buyers send it: by e-mail, and as signed JSON to its own system, with retries and a delivery log.`,
    updated: 'November 23, 2026',
    introduction: [
      paragraph(
        `A finance lead is a buyer's message to your finance center: from your finance page, or from a listing where the buyer ticked 'Contact me with financing info about this property.'. ${siteName} stores every lead and sends it to you at once, by e-mail and, if you give us an address, to your own system.`,
      ),
    ],
    sections: [
      {
        heading: 'By e-mail',
        blocks: [
          paragraph(
            "Every lead is e-mailed to your finance center's address, with the buyer's name, e-mail, phone and message, and the page it came from. Reply to the e-mail to answer the buyer.",
          ),
        ],
      },
      {
        heading: 'To your own system (webhook)',
        blocks: [
          list(
            ['Send ', mailLink(partnersEmail), ' an https address. We give you a secret that signs every delivery.'],
            'Each lead is POSTed to that address as JSON, once it is stored. Answer with any 2xx status within 10 seconds; anything else, or no answer, is a failed attempt.',
            'A failed delivery is tried again after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours; after that it is marked failed in the delivery log, and the e-mail remains.',
            'The same lead can arrive twice if your answer is lost on the way: use leadId (or the X-Landmarket-Delivery header) to recognise it.',
          ),
          { code: leadExample, label: 'A delivery' },
        ],
      },
      {
        heading: 'Checking the signature',
        blocks: [
          paragraph(
            'The X-Landmarket-Signature header holds t, the time of sending in seconds, and v1, the HMAC-SHA256 in hex of the text t, a full stop and the raw body, keyed with your secret. Recompute it from the raw body, compare in constant time, and refuse a time more than five minutes away from yours, so an old delivery cannot be replayed.',
          ),
          { code: verifyExample, label: 'Checking a delivery in Node.js' },
        ],
      },
    ],
  }
}
