import type { FieldView, ViewSpec } from './edit-view-specs';
import { OPS_UIDS } from '../lib/content-model';

/**
 * What operations staff see for the operations types (ADR 076, 084): the same plain labels,
 * examples and sections as the editors' types. Money is always integer minor units (ADR 077), and
 * the descriptions say so with an example (MINOR, the catalogue's specs say it too).
 */

export const MINOR = 'In pence/cents, whole numbers only: 4999 means 49.99.';

const carrierCode: FieldView = {
  label: 'Carrier',
  description: 'Code of the carrier this belongs to, e.g. patchpoint. Only carriers you operate are accepted.',
  placeholder: 'patchpoint',
};

export const OPERATIONS_EDIT_VIEWS: Record<string, ViewSpec> = {
  [OPS_UIDS.serviceArea]: {
    mainField: 'name',
    list: ['carrierCode', 'code', 'name', 'country'],
    sections: [
      {
        title: 'Area',
        fields: {
          carrierCode,
          code: { label: 'Area code', description: 'Short code technicians are assigned by, unique per carrier, e.g. london-east.', placeholder: 'london-east' },
          name: { label: 'Name', description: 'Name staff know the area by, e.g. "London East".', placeholder: 'London East' },
          country: { label: 'Country', description: "The carrier's country; postcodes are checked against its format." },
          postcodePrefixes: {
            label: 'Postcodes served',
            description:
              "Type postcode starts and press Enter, several at once if you like (SW1A E1). UK: area (SW) or district (SW1A); DE/AU/US: leading digits; CA: the first three characters (M5V) or their start. Each is checked against the country's format above.",
          },
        },
      },
      {
        title: 'Map and capacity',
        fields: {
          centreLat: { label: 'Centre latitude', description: 'Latitude of the middle of the area, e.g. 51.5072.', placeholder: '51.5072' },
          centreLng: { label: 'Centre longitude', description: 'Longitude of the middle of the area, e.g. -0.1276.', placeholder: '-0.1276' },
          radiusKm: { label: 'Radius (km)', description: 'Kilometres around the centre that the technicians drive to, e.g. 25.', placeholder: '25' },
          slotsPerTechnicianPerDay: { label: 'Appointments per technician per day', description: "Leave empty to use the roster's number; set it where travel is longer, e.g. 4." },
        },
      },
    ],
  },

  [OPS_UIDS.technician]: {
    mainField: 'name',
    list: ['carrierCode', 'technicianId', 'name', 'serviceArea'],
    sections: [
      {
        title: 'Technician',
        fields: {
          carrierCode,
          technicianId: { label: 'Technician code', description: 'Short fixed code, unique per carrier, e.g. tech-lon-01. Shown to nobody outside.', placeholder: 'tech-lon-01' },
          name: { label: 'Name', description: 'First name customers see when the technician is on the way, e.g. "Sam".', placeholder: 'Sam' },
          serviceArea: {
            label: 'Service area',
            description: "Pick one of this carrier's service areas (enter the carrier first). An area takes bookings once it has a technician.",
          },
        },
      },
      {
        title: 'Van and home base',
        fields: {
          vanRegistration: { label: 'Van registration', description: 'Number plate of the van, shown when tracking, e.g. "LX21 ABC".', placeholder: 'LX21 ABC' },
          homeBaseLat: { label: 'Home base latitude', description: 'Where the working day starts, e.g. 51.52.', placeholder: '51.52' },
          homeBaseLng: { label: 'Home base longitude', description: 'Where the working day starts, e.g. -0.05.', placeholder: '-0.05' },
        },
      },
    ],
  },

  [OPS_UIDS.roster]: {
    mainField: 'carrierCode',
    list: ['carrierCode', 'slotsPerTechnicianPerDay', 'firstTimeslot', 'timeslotMinutes'],
    sections: [
      {
        title: 'Working days',
        fields: {
          carrierCode,
          workingWeekdays: { label: 'Working weekdays', description: 'Tick the days technicians work. At least one.' },
          closedDates: { label: 'Closed dates', description: 'Days nobody works, such as bank holidays: pick each from the calendar; the cross on a date removes it.' },
        },
      },
      {
        title: 'Appointments',
        fields: {
          slotsPerTechnicianPerDay: { label: 'Appointments per technician per day', description: 'How many repairs one technician does in a day, e.g. 6.', placeholder: '6' },
          firstTimeslot: { label: 'First appointment starts', description: 'Start of the first appointment window as HH:MM, e.g. 08:00.', placeholder: '08:00' },
          timeslotMinutes: { label: 'Appointment window (minutes)', description: 'Length of the window customers are given, e.g. 120 for 08:00–10:00.', placeholder: '120' },
          timeslotIntervalMinutes: { label: 'Minutes between windows', description: 'From the start of one window to the start of the next, e.g. 60.', placeholder: '60' },
          sameDayBookingUntil: {
            label: 'Same-day bookings until',
            description: 'Latest time (HH:MM) a customer may book for today, e.g. 12:00. Empty: no same-day bookings.',
            placeholder: '12:00',
          },
          sameDayLeadMinutes: {
            label: 'Lead time before an appointment (minutes)',
            description:
              "A booking is only given a window that starts at least this many minutes after the time of booking (in the carrier's time zone); today is not offered once no such window is left. 0 to 720, e.g. 60; empty: 60.",
            placeholder: '60',
          },
        },
      },
    ],
  },

  [OPS_UIDS.store]: {
    mainField: 'name',
    list: ['carrierCode', 'code', 'name', 'town'],
    sections: [
      {
        title: 'Store',
        fields: {
          carrierCode,
          code: { label: 'Store code', description: 'Short fixed code in capitals, e.g. LON-OXFORD-ST.', placeholder: 'LON-OXFORD-ST' },
          name: { label: 'Name', description: 'Shown to customers who choose a store, e.g. "Oxford Street".', placeholder: 'Oxford Street' },
          dropOffAvailable: { label: 'Drop-off possible', description: 'On: customers may leave a device here instead of a home visit.' },
        },
      },
      {
        title: 'Address',
        fields: {
          addressLine1: { label: 'Address line 1', description: 'Street and number, e.g. "12 Oxford Street".', placeholder: '12 Oxford Street' },
          addressLine2: { label: 'Address line 2', description: 'Building or floor, if any.' },
          town: { label: 'Town', description: 'e.g. London.', placeholder: 'London' },
          postcode: { label: 'Postcode', description: "In the carrier's country format, e.g. W1D 1AN.", placeholder: 'W1D 1AN' },
          latitude: { label: 'Latitude', description: 'Where the store is on the map, e.g. 51.5154.', placeholder: '51.5154' },
          longitude: { label: 'Longitude', description: 'Where the store is on the map, e.g. -0.1410.', placeholder: '-0.1410' },
        },
      },
      {
        title: 'Opening hours',
        fields: {
          openingHours: {
            label: 'Opening hours',
            description:
              'Shown to customers. Per day: untick "Closed" and pick or type the opening and closing time (24-hour clock, e.g. 09:00); days with the same hours are shown together. Closed every day: no hours shown.',
          },
        },
      },
    ],
  },

  [OPS_UIDS.discountCode]: {
    mainField: 'code',
    list: ['carrierCode', 'code', 'kind', 'value', 'expiresAt'],
    sections: [
      {
        title: 'Code',
        fields: {
          carrierCode,
          code: { label: 'Code customers type', description: 'Capital letters and digits, unique per carrier, e.g. SPRING10.', placeholder: 'SPRING10' },
          kind: { label: 'Kind', description: 'percent: a share of the repair price; fixed: an amount off.' },
          value: { label: 'Value', description: 'Percent code: whole percent (10 = 10%). Fixed code: pence/cents (500 = 5.00).', placeholder: '10' },
        },
      },
      {
        title: 'Validity and use',
        fields: {
          startsAt: { label: 'Valid from', description: 'Empty: valid at once.' },
          expiresAt: { label: 'Valid until', description: 'Empty: never expires.' },
          usageLimit: { label: 'How many bookings may use it', description: 'Empty: unlimited. A single-use code is 1.' },
          singleUse: { label: 'Single use', description: 'On: the first booking that uses it uses it up (the same as a limit of 1).' },
        },
      },
    ],
  },

  [OPS_UIDS.priceOverride]: {
    mainField: 'model',
    list: ['carrierCode', 'model', 'problem', 'price'],
    sections: [
      {
        title: 'Repair',
        fields: {
          carrierCode,
          model: { label: 'Model', description: 'Model code from the catalogue, e.g. iphone-15.', placeholder: 'iphone-15' },
          problem: { label: 'Repair', description: 'Repair code from the catalogue, e.g. screen-repair.', placeholder: 'screen-repair' },
        },
      },
      {
        title: 'Price for this carrier',
        fields: {
          price: { label: 'Price', description: `What this carrier's customers pay, in the carrier's currency. ${MINOR}`, placeholder: '14900' },
          nonSalePrice: { label: 'Price before the sale', description: `Shown crossed out; higher than the price, or empty. ${MINOR}` },
        },
      },
    ],
  },

  [OPS_UIDS.offering]: {
    mainField: 'carrierCode',
    list: ['carrierCode'],
    sections: [
      {
        title: 'What the carrier does not offer',
        fields: {
          carrierCode,
          excludedMakes: { label: 'Makes not offered', description: 'Search the makes the carrier sells by name and pick each to leave out. None: every make of the catalogue.' },
          excludedModels: { label: 'Models not offered', description: 'Search models by name or make and pick each to leave out. None: every model.' },
          excludedProblems: { label: 'Repairs not offered', description: 'Search repairs by name and pick each to leave out. None: every repair.' },
        },
      },
    ],
  },

  [OPS_UIDS.apiKey]: {
    mainField: 'name',
    list: ['carrierCode', 'name', 'keyId', 'expiresAt', 'revoked', 'secretIssuedAt'],
    sections: [
      {
        title: 'API key',
        fields: {
          carrierCode,
          name: { label: 'Name', description: 'Who uses the key and for what, e.g. "Call centre tool" or "Shop tills".', placeholder: 'Call centre tool' },
          scopes: {
            label: 'Scopes',
            description:
              'What the key may do: catalogue:read (devices, prices, availability), bookings:write (build and pay bookings), orders:manage (change and cancel orders), stores:read (stores).',
          },
          allowedOrigins: {
            label: 'Allowed browser origins',
            description:
              'Only for a web page that calls the API from the browser: its origin, scheme and host only, e.g. https://app.example.com. Leave empty for servers and apps.',
          },
          expiresAt: { label: 'Expires', description: 'The key stops working at this time; empty: no expiry. A rotation sets it on the old key (the overlap).' },
          revoked: { label: 'Revoked', description: 'On: the key stops working on every app instance within seconds of saving. Switch it on for a key that leaked.' },
        },
      },
    ],
  },

  [OPS_UIDS.staffMember]: {
    mainField: 'name',
    list: ['carrierCode', 'username', 'name', 'role', 'disabled'],
    sections: [
      {
        title: 'Staff account',
        fields: {
          carrierCode,
          username: {
            label: 'Username',
            description: "What they type to log in at the carrier's /store/login, unique per carrier; an e-mail address or a short name, e.g. sam.taylor.",
            placeholder: 'sam.taylor',
          },
          name: { label: 'Name', description: 'Full name, shown on the staff pages, e.g. "Sam Taylor".', placeholder: 'Sam Taylor' },
          email: { label: 'E-mail', description: 'Work e-mail address, if any, e.g. sam.taylor@skyline.example.', placeholder: 'sam.taylor@skyline.example' },
          disabled: { label: 'Disabled', description: 'On: the account cannot log in, and a log-in already open stops working at its next page.' },
          password: {
            label: 'New password',
            description:
              'Set when creating the account, or type a new one to reset it (at least 12 characters). Stored only as a bcrypt hash and never shown; leave empty to keep the current password. A reset ends open log-ins.',
          },
        },
      },
      {
        title: 'Role and permissions',
        fields: {
          role: {
            label: 'Role',
            description:
              'storeColleague: books for customers in a store; technician: works their jobs; customerService: finds and looks after every order of the carrier (customer service); areaManager and superAdmin may use every staff page.',
          },
          rolePermissions: {
            label: 'Role permissions',
            description: 'Tick the staff pages this account may use. Area managers and super admins need none.',
          },
          companyPermissions: {
            label: 'Company permissions',
            description: 'Tick what the company has agreed this person may do; listed on their staff start page. Pages open by role permissions only (spec §6).',
          },
          storeCodes: { label: 'Stores', description: "Tick the carrier's stores the person works in (enter the carrier first); a store colleague needs at least one." },
          serviceArea: {
            label: 'Service area',
            description: "Pick one of the carrier's service areas (enter the carrier first); technicians and area managers need one, others none.",
          },
          technicianCode: {
            label: 'Technician',
            description: "For a technician: pick their Ops: technician entry from the carrier's technicians (enter the carrier first). Empty otherwise.",
          },
        },
      },
    ],
  },

  [OPS_UIDS.webhookEndpoint]: {
    mainField: 'url',
    list: ['carrierCode', 'url', 'description', 'enabled'],
    sections: [
      {
        title: 'Endpoint',
        fields: {
          carrierCode,
          url: {
            label: 'URL',
            description: "The partner's address that receives the events, e.g. https://partner.example/webhooks. https:// only in production; no user name or password in it.",
            placeholder: 'https://partner.example/webhooks',
          },
          description: { label: 'Description', description: 'Who this is for, e.g. "Skyline call-centre tool".' },
          enabled: { label: 'Enabled', description: 'Off: no events are sent to it (deliveries waiting are dropped).' },
        },
      },
      {
        title: 'Events it receives',
        fields: {
          orderCreated: { label: 'Order created', description: 'A booking became an order (paid or confirmed).' },
          orderCancelled: { label: 'Order cancelled', description: 'The order was cancelled.' },
          orderDateChanged: { label: 'Date changed', description: 'The order moved to another day.' },
          orderAddressChanged: { label: 'Address changed', description: 'The repair address changed (the event carries only the postcode).' },
          orderRefunded: { label: 'Order refunded', description: 'Money was given back, in part or in full (the event carries the amount refunded so far).' },
          jobOnTheWay: { label: 'Technician on the way', description: "The technician pressed 'On my way'." },
          jobStarted: { label: 'Repair started', description: 'The technician started the repair.' },
          jobCompleted: { label: 'Repair completed', description: 'The technician completed the repair.' },
        },
      },
      {
        title: 'Signing secret',
        fields: {
          signingSecret: {
            label: 'Signing secret',
            description:
              'Made by the CMS when the endpoint is created (whsec_…); give it to the partner, who checks each signature with it (README "Webhooks"). Text typed here is ignored.',
          },
          regenerateSecret: { label: 'New secret on save', description: 'On: saving replaces the secret at once; the partner needs the new one before the next event.' },
        },
      },
    ],
  },

  'ops.allowed-origin': {
    sections: [
      {
        title: 'Allowed origin',
        fields: {
          origin: {
            label: 'Origin',
            description: 'Scheme and host (and port) of the web page, nothing after, e.g. https://app.example.com.',
            placeholder: 'https://app.example.com',
          },
        },
      },
    ],
  },
};
