/**
 * What an editor sees in the admin for each content type: plain labels, a description that says
 * what the field does on the site (with an example), placeholders, and the order of the fields in
 * sections. Applied at start by edit-views.ts. A type added later is configured by adding an entry
 * here under its uid; an entry whose type does not exist (yet) is skipped.
 */

import { CATALOGUE_EDIT_VIEWS } from './edit-view-specs-catalogue';
import { OPERATIONS_EDIT_VIEWS } from './edit-view-specs-operations';

export type FieldView = { label: string; description?: string; placeholder?: string };
export type Section = { title: string; fields: Record<string, FieldView> };
export type ViewSpec = {
  /** The field shown as the entry's title in lists and relations. */
  mainField?: string;
  /** Columns of the list view, in order. */
  list?: string[];
  /** Sections in order; each section starts on a new row of the edit view. */
  sections: Section[];
};

const carrierCode: FieldView = {
  label: 'Carrier',
  description: 'Code of the carrier this text belongs to, e.g. fixly. Only carriers you edit are accepted.',
  placeholder: 'fixly',
};
const order: FieldView = { label: 'Position', description: 'Lower numbers come first on the page, e.g. 1 for the first entry.', placeholder: '1' };
const paragraphs = 'Separate paragraphs with a blank line.';

export const EDIT_VIEWS: Record<string, ViewSpec> = {
  'api::carrier.carrier': {
    mainField: 'name',
    list: ['code', 'name', 'countryCode', 'defaultLocale'],
    sections: [
      {
        title: 'Brand',
        fields: {
          code: {
            label: 'Carrier code',
            description: 'Short fixed code of the carrier; also its development address <code>.localhost. Cannot be changed by editors.',
            placeholder: 'fixly',
          },
          name: { label: 'Brand name', description: 'Shown in the header, page titles and e-mails, e.g. "Fixly".', placeholder: 'Fixly' },
          theme: { label: 'Colours, fonts and logos', description: 'The look of the site. Text and background colours must be readable together (WCAG AA contrast).' },
          icons: {
            label: 'Site icons',
            description:
              "The browser tab's icon and the phone home-screen icon, in every page's head: add one per file, e.g. an SVG favicon and a 180x180 PNG apple-touch-icon. Empty: the browser's default.",
          },
        },
      },
      {
        title: 'Contact and legal',
        fields: {
          formattedName: {
            label: 'Company name',
            description: 'Legal name of the operator, shown in the footer and legal pages, e.g. "Fixly Repairs Ltd".',
            placeholder: 'Fixly Repairs Ltd',
          },
          operatorName: { label: 'Operated by', description: 'Name in the footer line "operated by …".', placeholder: 'Fixly Repairs Ltd' },
          email: { label: 'Customer service e-mail', description: 'Shown on the contact page and in FAQ answers, e.g. help@fixly.example.', placeholder: 'help@fixly.example' },
          phone: { label: 'Customer service phone', description: 'Shown on the contact page and in FAQ answers, as customers should dial it.', placeholder: '0800 123 4567' },
          web: { label: 'Website address', description: "The brand's main website, linked from the footer. Must start with https://.", placeholder: 'https://fixly.example' },
          formattedWeb: { label: 'Website as displayed', description: 'How the website address is written in texts, e.g. fixly.example.', placeholder: 'fixly.example' },
          address: { label: 'Company address', description: 'Postal address in the footer and the imprint. One line per address line.' },
          registrationDetails: { label: 'Registration details', description: 'Company registration line in the footer, e.g. "Registered in England No. 01234567".' },
        },
      },
      {
        title: 'Domains and locales',
        fields: {
          domains: {
            label: 'Web addresses (domains)',
            description: 'Host names the site answers on, without https:// or path, e.g. repair.fixly.example: type one and press Enter. A domain can belong to one carrier only.',
          },
          defaultLocale: { label: 'Default language', description: 'The language a visitor sees first. Must be one of the supported languages.' },
          supportedLocales: { label: 'Supported languages', description: 'Languages the site offers: choose them from the list. Texts in other languages are refused.' },
          timezone: { label: 'Time zone', description: 'Appointment times are shown in this zone, e.g. Europe/London.', placeholder: 'Europe/London' },
          countryCode: { label: 'Country', description: 'Country of the service; decides address format and money format.' },
          currency: { label: 'Currency', description: 'Currency of all charges, e.g. GBP.' },
          isInternational: { label: 'International site', description: 'On: the site shows international dialling formats.' },
          partnerEnvironment: { label: 'Partner environment', description: 'Internal label of the partner system this carrier books into, e.g. uk-prod.' },
        },
      },
      {
        title: 'Charges',
        fields: {
          hasCallOutCharge: { label: 'Charge a call-out fee', description: 'On: customers are told a call-out fee applies when a repair cannot go ahead.' },
          callOutCharge: { label: 'Call-out fee (pence/cents)', description: 'Whole minor units: 5900 means £59.00 or 59,00 €.', placeholder: '5900' },
          lateDateChanges: {
            label: 'Late date changes online',
            description:
              'On: customers may move their visit online within 24 hours of it, without the call-out fee (a move cannot charge it). Off: within 24 hours only your team moves it; customers can still cancel online and the call-out fee is kept.',
          },
          allowWarrantyRepairs: { label: 'Offer in-warranty repairs', description: "On: customers can book a repair under the manufacturer's warranty." },
          inWarrantyStatus: { label: 'Ask for warranty status', description: 'On: the booking asks whether the device is still under warranty.' },
          warrantyRepairChargeable: { label: 'Charge for warranty repairs', description: 'On: an in-warranty repair still costs the fee below.' },
          warrantyRepairCharge: { label: 'Warranty fee (pence/cents)', description: 'Whole minor units: 2500 means £25.00.', placeholder: '2500' },
        },
      },
      {
        title: 'Payments',
        fields: {
          use3DSecure: { label: '3-D Secure card check', description: "On: card payments are confirmed with the customer's bank. Required in the UK and Germany." },
          usesKlarna: { label: 'Offer pay later (Klarna)', description: 'On: the payment page offers Klarna beside card payment.' },
          payButtonVariant: {
            label: 'Pay button wording',
            description: '"pay" shows "Pay"; "complete-and-confirm" shows "Complete payment and confirm booking" with an explanation.',
          },
        },
      },
      {
        title: 'Booking journey',
        fields: {
          confirmOnly: { label: 'Confirm-only site', description: 'On: landing and FAQ pages lead straight to the address search.' },
          maxDevicesPerBasket: { label: 'Devices per booking', description: 'How many devices one booking may hold; 1 means one device per booking.', placeholder: '5' },
          draftRetentionDays: {
            label: 'Unfinished bookings kept (days)',
            description: 'An unfinished booking and the personal data on it are deleted this many days after its last change (1–365). Orders are always kept.',
            placeholder: '30',
          },
          singleMakeOnly: { label: 'One brand only', description: 'On: only the brand below is offered and the brand step is skipped.' },
          singleMakeId: { label: 'The one brand (catalogue id)', description: 'Catalogue id of the only brand offered, e.g. 2.', placeholder: '2' },
          referrerMakes: {
            label: 'One brand for a referrer',
            description:
              'Visitors who arrive with ?referrer=<code> are offered only that brand: type the referrer code and the brand catalogue id (e.g. samsung and 1), then Add. None: every brand.',
          },
          storeRequired: { label: 'Store code required', description: 'On: a booking needs the code of the store that sold the device.' },
          addressLookup: { label: 'Address search', description: 'On: customers search their full address; off: they enter a postcode.' },
          hidePostcodeSearchOnAddressChange: { label: 'Address change: no postcode', description: 'On: changing the address of a booking skips the postcode search.' },
          businessAccounts: { label: 'Business customers', description: 'On: a link with ?type=business books as a business account.' },
          applianceVariant: { label: 'Appliances instead of devices', description: 'On: the site says "Appliance" where it would say "Device".' },
        },
      },
      {
        title: 'Landing page and links',
        fields: {
          additionalLandingPage: { label: 'Extra landing page', description: 'On: a second landing page with popular devices is shown.' },
          additionalLandingPageLimit: { label: 'Devices on extra page', description: 'How many popular devices it shows, e.g. 7.', placeholder: '7' },
          fleetDaysPerWeek: { label: 'Days on the road per week', description: 'Used in the landing text "out on the road 7 days a week".', placeholder: '7' },
          externalLandingRedirectUrl: {
            label: 'Send visitors elsewhere',
            description: 'If set, the landing page redirects at once to this https:// address.',
            placeholder: 'https://www.fixly.example/repairs',
          },
          externalSupportPickerUrl: {
            label: 'External support page',
            description: 'If set, the landing page sends visitors to this https:// support picker.',
            placeholder: 'https://support.fixly.example',
          },
        },
      },
      {
        title: 'Features',
        fields: {
          liveChat: { label: 'Live chat', description: 'On: pages that support it show the live chat widget.' },
          liveChatUrl: { label: 'Live chat script address', description: 'https:// address of the chat widget script.', placeholder: 'https://chat.example/widget.js' },
          showImprint: { label: 'Imprint page', description: 'On: an imprint page and footer link (required in Germany).' },
          policyPhrase: {
            label: 'Withdrawal policy sentence',
            description:
              "A sentence at checkout and payment on the right of withdrawal and cancellation, linking to the terms page. country (default): shown where the carrier's country requires it (Germany and the rest of the EU); on: always; off: never (only where your terms say it elsewhere).",
          },
          allowsInStoreBookings: { label: 'Bookings in store', description: 'On: the footer shows "Store login" for store colleagues.' },
          allowsInStoreDropOff: { label: 'Drop-off in store', description: 'On: customers may bring the device to a store instead.' },
          offersMailIn: {
            label: 'Repair by post (mail-in)',
            description: 'On: customers may send the device by post instead of a technician visit (no repair date). Needs the postal address below.',
          },
          mailInAddress: {
            label: 'Postal address for devices',
            description: 'Where customers post their devices, one line each; shown on the confirmation, the printable label and in the e-mail.',
            placeholder: 'Fixly Repair Centre\nUnit 4, Example Park\nLeeds LS10 1AA',
          },
          maintenance: { label: 'Maintenance mode', description: 'On: every page shows the maintenance notice and no booking is possible. Use with care.' },
        },
      },
      {
        title: 'People',
        fields: {
          editors: { label: 'Editors', description: "Admin users who may edit this carrier's content. Only administrators change this." },
          operators: {
            label: 'Operations staff',
            description: "Admin users with the Operations role who run this carrier's areas, technicians, roster, stores, codes and prices.",
          },
        },
      },
    ],
  },

  'carrier.theme': {
    sections: [
      {
        title: 'Colours',
        fields: {
          primaryColor: {
            label: 'Main colour',
            description: 'Buttons and links, as #rrggbb, e.g. #0a5cd5. Text in the contrast colour must be readable on it.',
            placeholder: '#0a5cd5',
          },
          primaryContrastColor: { label: 'Text on main colour', description: 'Text on buttons, usually #ffffff.', placeholder: '#ffffff' },
          accentColor: { label: 'Accent colour', description: 'Highlights such as badges, as #rrggbb.', placeholder: '#ffb400' },
          backgroundColor: { label: 'Page background', description: 'Background of every page, as #rrggbb.', placeholder: '#ffffff' },
          surfaceColor: { label: 'Card background', description: 'Background of boxes and cards, as #rrggbb.', placeholder: '#f5f7fa' },
          textColor: { label: 'Text colour', description: 'Body text; must be readable on the page and card backgrounds.', placeholder: '#1a1a1a' },
        },
      },
      {
        title: 'Fonts and logos',
        fields: {
          fontFamily: { label: 'Text font', description: 'CSS font list for body text, e.g. "Inter, Arial, sans-serif".', placeholder: 'Inter, Arial, sans-serif' },
          headingFontFamily: { label: 'Heading font', description: 'CSS font list for headings.', placeholder: 'Inter, Arial, sans-serif' },
          logoUrl: { label: 'Logo', description: 'https:// address or /path of the logo in the header.', placeholder: 'https://cdn.fixly.example/logo.svg' },
          landingPageLogoUrl: { label: 'Landing page logo', description: 'Logo on the landing page hero; empty uses the header logo.' },
        },
      },
    ],
  },

  'carrier.icon': {
    sections: [
      {
        title: 'Icon',
        fields: {
          rel: { label: 'Used as', description: 'icon: the browser tab and bookmarks; apple-touch-icon: the icon a phone puts on its home screen.' },
          url: {
            label: 'Image address',
            description: 'https:// address or /path of the image file (PNG, SVG, ICO, WebP); script and data addresses other than images are refused.',
            placeholder: 'https://cdn.fixly.example/favicon.svg',
          },
          sizes: {
            label: 'Sizes',
            description: 'Width x height in pixels, e.g. 32x32 or 180x180, several separated by spaces; "any" for an SVG. Optional.',
            placeholder: '180x180',
          },
          mimeType: {
            label: 'File type',
            description: 'The image type, e.g. image/png, image/svg+xml or image/x-icon. Optional: the browser reads the file.',
            placeholder: 'image/png',
          },
        },
      },
    ],
  },

  'api::landing-page.landing-page': {
    mainField: 'heroTitle',
    list: ['carrierCode', 'heroTitle'],
    sections: [
      {
        title: 'Top of the page',
        fields: {
          carrierCode,
          heroTitle: { label: 'Headline', description: 'Large headline at the top of the landing page, e.g. "We come to you!".', placeholder: 'We come to you!' },
          heroSubtitle: { label: 'Sub-headline', description: 'One or two sentences under the headline.' },
        },
      },
      {
        title: 'Why us and how it works',
        fields: {
          sellingPoints: { label: 'Selling points', description: 'Three short reasons to book, each a title and a sentence.' },
          steps: { label: 'How it works', description: 'The three steps of a repair, in order.' },
          trackingTitle: { label: 'Tracking title', description: 'Heading of the "track your technician" block.' },
          trackingText: { label: 'Tracking text', description: 'Text of the tracking block.' },
          fleetTitle: { label: 'Fleet title', description: 'Heading of the block about the vans.' },
          fleetText: { label: 'Fleet text', description: 'Text about the vans, e.g. "out on the road 7 days a week".' },
        },
      },
      {
        title: 'Popular devices',
        fields: {
          popularTitle: { label: 'Carousel heading', description: 'Heading above the popular devices, e.g. "Popular repairs".' },
          popularSmartphones: { label: 'Popular smartphones', description: 'Phones in the first carousel, in order; each has a name and a picture.' },
          popularTablets: { label: 'Popular tablets', description: 'Tablets in the second carousel.' },
        },
      },
      {
        title: 'Footer',
        fields: {
          footerOperatedBy: { label: 'Operated-by line', description: 'Footer sentence naming the operator, e.g. "This service is operated by Fixly Repairs Ltd."' },
          footerParking: { label: 'Parking note', description: "Footer note on parking for the technician's van." },
          footerCoverage: { label: 'Coverage note', description: 'Footer note on where the service is available; empty hides it.' },
        },
      },
    ],
  },

  'content.carousel-item': {
    sections: [
      {
        title: 'Device',
        fields: {
          title: { label: 'Device name', description: 'Name under the picture, e.g. "iPhone 15".', placeholder: 'iPhone 15' },
          image: { label: 'Picture', description: 'Choose or upload a picture in the media library (PNG, JPEG, WebP or SVG).' },
          imagePath: { label: 'Picture address (old)', description: 'Used only when no picture is chosen above: https:// address or /path, e.g. /images/devices/iphone-15.svg.' },
        },
      },
    ],
  },

  'content.title-text': {
    sections: [
      {
        title: 'Block',
        fields: { title: { label: 'Title', description: 'Short heading of the block.' }, text: { label: 'Text', description: `Text of the block. ${paragraphs}` } },
      },
    ],
  },

  'api::faq-category.faq-category': {
    mainField: 'title',
    list: ['carrierCode', 'title', 'slug', 'order'],
    sections: [
      {
        title: 'Category',
        fields: {
          carrierCode,
          slug: { label: 'Page', description: 'Which FAQ page this is; its address is /faq/<page>, e.g. /faq/booking.' },
          title: { label: 'Title', description: 'Heading of the FAQ page and its tab, e.g. "Booking".', placeholder: 'Booking' },
          order,
        },
      },
    ],
  },

  'api::faq-item.faq-item': {
    mainField: 'question',
    list: ['carrierCode', 'question', 'category', 'order'],
    sections: [
      {
        title: 'Question and answer',
        fields: {
          carrierCode,
          category: { label: 'FAQ page', description: 'The FAQ page the question appears on, e.g. booking.' },
          question: { label: 'Question', description: 'As a customer would ask it, e.g. "Can I change my appointment?".' },
          answer: { label: 'Answer', description: `Shown when the question is opened. ${paragraphs}` },
          order,
        },
      },
    ],
  },

  'api::help-guide.help-guide': {
    mainField: 'title',
    list: ['carrierCode', 'title', 'slug'],
    sections: [
      {
        title: 'Guide',
        fields: {
          carrierCode,
          slug: { label: 'Guide', description: 'Which help guide this is; its address is /help/<guide>, e.g. /help/cancel-repair.' },
          title: { label: 'Title', description: 'Heading of the guide, e.g. "Cancel your repair".' },
          intro: { label: 'Introduction', description: 'Short text above the steps.' },
          kind: { label: 'Layout', description: '"steps" shows numbered steps; "options" shows alternatives side by side.' },
          steps: { label: 'Steps', description: 'Each step is a title and a text, in order.' },
        },
      },
    ],
  },

  'api::legal-page.legal-page': {
    mainField: 'title',
    list: ['carrierCode', 'title', 'slug'],
    sections: [
      {
        title: 'Legal page',
        fields: {
          carrierCode,
          slug: { label: 'Page', description: 'Which legal page this is, e.g. terms (/terms) or imprint (/imprint).' },
          title: { label: 'Title', description: 'Heading of the page, e.g. "Terms and conditions".' },
          body: { label: 'Text', description: `${paragraphs} A line starting with "## " is a heading, e.g. "## Cancellations".` },
        },
      },
    ],
  },

  'api::contact-reason.contact-reason': {
    mainField: 'title',
    list: ['carrierCode', 'title', 'order'],
    sections: [
      {
        title: 'Contact reason',
        fields: {
          carrierCode,
          reasonId: { label: 'Reason number', description: 'Fixed number the support team files messages under; keep it when rewording, e.g. 3.', placeholder: '1' },
          title: { label: 'Reason', description: 'Choice in the contact form, e.g. "Change my appointment".' },
          order,
        },
      },
    ],
  },

  'api::ui-text.ui-text': {
    mainField: 'key',
    list: ['carrierCode', 'key', 'value'],
    sections: [
      {
        title: 'Text on the site',
        fields: {
          carrierCode,
          key: { label: 'Text key', description: 'Which text of the site this replaces, e.g. landing.heroTitle. Ask a developer for keys.', placeholder: 'landing.heroTitle' },
          value: { label: 'Your text', description: 'Replaces the standard text. Keep placeholders such as {{brand}} exactly as in the standard text; others are refused.' },
        },
      },
    ],
  },

  'api::message-template.message-template': {
    mainField: 'kind',
    list: ['carrierCode', 'kind', 'subject'],
    sections: [
      {
        title: 'Customer message',
        fields: {
          carrierCode,
          kind: {
            label: 'Message',
            description: 'When the customer receives it, e.g. booking-confirmed (after payment), evening-before (18:00 the day before), morning-of (08:00 on the day).',
          },
          subject: {
            label: 'E-mail subject',
            description: 'Subject line of the e-mail, e.g. "Your {{brand}} repair {{orderRef}} is booked". Empty: the standard subject.',
            placeholder: 'Your {{brand}} repair {{orderRef}} is booked',
          },
          emailBody: {
            label: 'E-mail text',
            description: `Plain text, no HTML: the carrier's colours, logo and contact details are added around it. ${paragraphs} Write a link as [Manage your booking]({{manageUrl}}). Placeholders the message offers: {{brand}}, {{orderRef}}, {{devices}}, {{date}}, {{window}}, {{address}}, {{amount}}, {{refund}}, {{manageUrl}}, {{trackingUrl}}, and on the waiting-list offer {{offerUrl}} and {{holdUntil}}; each message allows those that make sense for it, any other is refused on save. Empty: the standard text.`,
          },
          smsText: {
            label: 'SMS text',
            description:
              'Plain text with the same placeholders, e.g. "{{brand}}: your technician arrives {{window}} today." Keep it within two SMS: 306 characters, or 134 with emoji or letters outside the SMS alphabet (ä, ö, ü, ß and é are fine). Empty: the standard text.',
          },
        },
      },
    ],
  },

  ...OPERATIONS_EDIT_VIEWS,
  ...CATALOGUE_EDIT_VIEWS,
};
