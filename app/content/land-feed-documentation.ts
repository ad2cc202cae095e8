import type { ContentBlock, ContentContext, ContentPageText } from '~/models/content/content-text'
import { feedFields, maxPhotosPerListing } from '~/models/feeds/feed-fields'
import { feedErrorTexts, recordReasons } from '~/models/feeds/feed-reasons'
import { landFeedStatesPath } from '~/sites/partner-paths'
import { list, mailLink, paragraph } from './blocks'

/**
 * /landfeed/docs/ (spec §2): the partner feed as the importer reads it. The field table and the
 * reason codes come from the modules the importer itself uses, so this page cannot fall behind it.
 */

const fieldTable: ContentBlock = {
  table: {
    caption: 'Fields of a <listing> (XML element or CSV column)',
    head: ['Field', 'Type', 'Required', 'Allowed values and notes'],
    rows: feedFields.map((field) => [
      [field.name],
      [field.type],
      [field.required],
      [
        [
          field.description,
          field.allowed ? ` One of: ${field.allowed.join(', ')}.` : '',
          field.maxLength ? ` At most ${field.maxLength.toLocaleString('en-US')} characters.` : '',
        ].join(''),
      ],
    ]),
  },
}

const outcomeWords = { accepted: 'Accepted', fixed: 'Fixed', held: 'Held', rejected: 'Rejected' } as const

const reasonTable: ContentBlock = {
  table: {
    caption: 'Reason codes of a record',
    head: ['Code', 'Outcome', 'What it means'],
    rows: Object.entries(recordReasons).map(([code, reason]) => [[code], [outcomeWords[reason.outcome]], [reason.text]]),
  },
}

const feedErrorTable: ContentBlock = {
  table: {
    caption: 'Codes of a feed that could not be read to its end',
    head: ['Code', 'What it means'],
    rows: Object.entries(feedErrorTexts).map(([code, text]) => [[code], [text]]),
  },
}

const xmlExample = `<?xml version="1.0" encoding="UTF-8"?>
<listings type="full">
  <listing>
    <id>HC-1042</id>
    <status>available</status>
    <saleType>sale</saleType>
    <title>40 Acres on the Llano River</title>
    <description>Live oaks, a seasonal creek and a good water well.

Fenced on three sides; county road frontage.</description>
    <price>385000</price>
    <acres>40.25</acres>
    <address>2150 County Road 102</address>
    <city>Llano</city>
    <county>Llano</county>
    <state>TX</state>
    <zip>78643</zip>
    <latitude>30.7063</latitude>
    <longitude>-98.6844</longitude>
    <propertyTypes>
      <propertyType>ranch</propertyType>
      <propertyType>hunting</propertyType>
    </propertyTypes>
    <activities>
      <activity>hunting</activity>
      <activity>fishing</activity>
    </activities>
    <mineralRights>no</mineralRights>
    <ownerFinancing>yes</ownerFinancing>
    <videoUrl>https://video.example/hc-1042</videoUrl>
    <contactName>Dana Ruiz</contactName>
    <contactPhone>(325) 555-0142</contactPhone>
    <contactEmail>dana@hillcountryland.example</contactEmail>
    <photos>
      <photo>
        <url>https://photos.hillcountryland.example/hc-1042/1.jpg</url>
        <caption>The creek crossing</caption>
      </photo>
      <photo>
        <url>https://photos.hillcountryland.example/hc-1042/2.jpg</url>
      </photo>
    </photos>
  </listing>
</listings>`

const csvExample = `id,status,title,price,acres,county,state,zip,propertyTypes,photoUrls,photoCaptions
HC-1042,available,40 Acres on the Llano River,385000,40.25,Llano,TX,78643,ranch|hunting,https://photos.hillcountryland.example/hc-1042/1.jpg|https://photos.hillcountryland.example/hc-1042/2.jpg,The creek crossing|
HC-1043,sold,Small homesite,,,Llano,TX,78643,homesites,,`

export function landFeedDocumentation(context: ContentContext): ContentPageText {
  const { siteName, partnersEmail } = context
  return {
    heading: 'Land Feed Documentation',
    description: `How brokers, listing syndicators and lenders send their listings to ${siteName} in one feed: the XML and CSV format, every field, the checks each listing passes, photos, removals and the schedule.`,
    updated: 'November 23, 2026',
    introduction: [
      paragraph(
        `Most listings on ${siteName} arrive in partner feeds. A feed is one file per partner that lists every property the partner is selling; we read it on a schedule, check every listing, and keep the site the same as the feed. To be set up as a partner, write to `,
        mailLink(partnersEmail),
        ' with the address of your feed and the account your listings belong to.',
      ),
      paragraph(
        'How many feed listings each state holds, and when an import last changed them, is on ',
        { text: 'Land feed states', href: landFeedStatesPath },
        '.',
      ),
    ],
    sections: [
      {
        heading: 'The feed file',
        blocks: [
          list(
            'One XML file, UTF-8, with a <listings> root and one <listing> element per property. Other encodings are refused.',
            'A full feed (type="full" on the root, the default) lists every property you are selling; a property missing from it leaves the site (see \'How a listing leaves\'). A partial feed (type="partial") only adds and updates.',
            'No DOCTYPE: a feed may not declare a DTD or entities, and one that does is refused whole. Write &amp;, &lt; and &gt; for those characters, or put text in CDATA.',
            'At most 1 GB a file and 256 KB of text a listing. Larger feeds can be split into partial feeds.',
            'Your id for each property must be unique in the feed and stay the same from one feed to the next: it is how we know a listing we already have.',
          ),
        ],
      },
      { heading: 'Fields', blocks: [fieldTable] },
      { heading: 'A complete example', blocks: [{ code: xmlExample, label: 'A feed with one listing' }] },
      {
        heading: 'CSV for small brokers',
        blocks: [
          paragraph(
            "A broker with a spreadsheet may send CSV instead: a header row of the field names above, then one row per property. Lists separate their values with '|', and photos are two columns, photoUrls and photoCaptions, '|'-separated in the same order. A CSV feed is always a full feed.",
          ),
          { code: csvExample, label: 'The same listing and a sold one as CSV' },
        ],
      },
      {
        heading: 'Photos',
        blocks: [
          list(
            `Up to ${maxPhotosPerListing} photos a listing, in the order to show them; the first is the listing's main photo. Each is an http or https URL with an optional caption.`,
            'We download each photo once, a few at a time from each of your servers, and give each download 20 seconds. A photo must be a JPEG, PNG, WebP, AVIF or GIF image (we look at the file, not its name), at most 15 MB, and at least 64 pixels on a side.',
            'A photo that cannot be downloaded or is not an image is reported (PHOTO_FAILED); the listing is shown with its other photos, and the next import tries the photo again.',
          ),
        ],
      },
      {
        heading: 'Checks and outcomes',
        blocks: [
          paragraph(
            'Every listing, from a feed or from any of our own tools, passes the same checks before it is shown. Each listing ends in one of four outcomes:',
          ),
          list(
            'Accepted: shown as sent.',
            'Fixed: shown, after a change the report names (for example a point moved to the zip code it gives, or markup removed).',
            'Held: not shown until our staff approve or reject it; the listing you had before, if any, stays as it was.',
            'Rejected: not shown; correct the record and it is checked again in the next import.',
          ),
          reasonTable,
          paragraph(
            'A feed that cannot be read to its end stops the import with one of these codes; listings read before the error are kept, and nothing is removed:',
          ),
          feedErrorTable,
        ],
      },
      {
        heading: 'How a listing leaves',
        blocks: [
          list(
            'Set its status to sold (with salesPrice and salesDate if you can) or off market: the listing shows that at the next import.',
            'Or leave it out of a full feed: after a grace period (24 hours unless we agree another), it goes off market. A listing that comes back in a later feed is shown again.',
            'A partial feed, or a feed that fails to read to its end, never removes a listing.',
          ),
        ],
      },
      {
        heading: 'Schedule and reports',
        blocks: [
          list(
            'We fetch your feed from its https address at the interval agreed with you: daily by default, as often as hourly. Only one import of a feed runs at a time.',
            'A listing that has not changed since the last import costs nothing, so a frequent schedule is fine.',
            'Each import is reported with its counts and every fixed, held and rejected listing with its reason codes. Sign in with your partner account to see your reports under Account.',
          ),
        ],
      },
    ],
  }
}
