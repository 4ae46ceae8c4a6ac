import type { FieldView, ViewSpec } from './edit-view-specs';
import { CATALOGUE_UIDS } from '../lib/content-model';
import { MINOR } from './edit-view-specs-operations';

/**
 * What catalogue managers see for the catalogue types and components (ADR 076, 084): the same plain
 * labels, examples and sections as the editors' types, money in integer minor units (ADR 077).
 */

const titleEn = (what: string, example: string): FieldView => ({ label: `${what} (English)`, description: `Shown to customers on English pages, e.g. "${example}".` });
const titleDe = (what: string, example: string): FieldView => ({ label: `${what} (German)`, description: `Shown to customers on German pages, e.g. "${example}".` });
const fixedNumber = (what: string, example: number): FieldView => ({
  label: `${what} number`,
  description: `Fixed number bookings refer to; never change or reuse it, e.g. ${example}.`,
  placeholder: String(example),
});

export const CATALOGUE_EDIT_VIEWS: Record<string, ViewSpec> = {
  [CATALOGUE_UIDS.setting]: {
    sections: [
      {
        title: 'Sale',
        fields: {
          saleTitleEn: { label: 'Sale banner (English)', description: 'Shown beside sale prices, e.g. "Spring sale". Empty: no sale.' },
          saleTitleDe: { label: 'Sale banner (German)', description: 'The same in German, e.g. "Frühlingsangebot".' },
        },
      },
      {
        title: 'IRIS repair codes',
        fields: {
          irisCodes: {
            label: 'IRIS codes',
            description:
              'The codes technicians choose on the IRIS step of a phone or tablet: one condition, symptom, defect and repair code each. A row per code, as your IRIS table writes it (e.g. condition 1, symptom 131), with its English and German title. A removed code stays on the jobs that chose it.',
          },
        },
      },
    ],
  },

  [CATALOGUE_UIDS.deviceType]: {
    mainField: 'titleEn',
    list: ['typeId', 'code', 'titleEn'],
    sections: [
      {
        title: 'Device type',
        fields: {
          typeId: fixedNumber('Type', 1),
          code: { label: 'Code', description: 'Short fixed code, e.g. smartphone.', placeholder: 'smartphone' },
          titleEn: titleEn('Name', 'Smartphones'),
          titleDe: titleDe('Name', 'Smartphones'),
        },
      },
    ],
  },

  [CATALOGUE_UIDS.make]: {
    mainField: 'name',
    list: ['makeId', 'code', 'name', 'typeId'],
    sections: [
      {
        title: 'Make',
        fields: {
          makeId: fixedNumber('Make', 2),
          code: { label: 'Code', description: 'Short fixed code, e.g. apple.', placeholder: 'apple' },
          name: { label: 'Name', description: 'As customers know it, e.g. "Apple".', placeholder: 'Apple' },
          typeId: { label: 'Device type number', description: 'Number of the device type the make belongs to, e.g. 1 for smartphones.', placeholder: '1' },
        },
      },
    ],
  },

  [CATALOGUE_UIDS.model]: {
    mainField: 'title',
    list: ['modelId', 'slug', 'title', 'deviceType', 'priority'],
    sections: [
      {
        title: 'Model',
        fields: {
          modelId: fixedNumber('Model', 101),
          slug: { label: 'Code', description: 'Lower-case code used in addresses and prices, e.g. iphone-15.', placeholder: 'iphone-15' },
          title: { label: 'Name', description: 'As customers know it, e.g. "iPhone 15".', placeholder: 'iPhone 15' },
          deviceType: { label: 'Kind of device', description: 'phone, tablet or appliance.' },
          typeId: { label: 'Device type number', description: 'Number of its device type, e.g. 1 for smartphones.', placeholder: '1' },
          makeIds: { label: 'Makes', description: 'Tick the make of the model. A phone or tablet has exactly one.' },
          priority: { label: 'Position in lists', description: 'Lower numbers come first in the model list, e.g. 1.', placeholder: '1' },
          releaseYear: { label: 'Release year', description: 'e.g. 2023. Empty if unknown.', placeholder: '2023' },
        },
      },
      {
        title: 'Picture',
        fields: {
          picture: { label: 'Picture', description: 'From the media library ("Device pictures"). Shown in the model list and the basket.' },
          imagePath: { label: 'Fallback picture address', description: 'Used when no picture is chosen, e.g. /images/devices/iphone-15.svg.' },
        },
      },
      {
        title: 'Repairs, versions and colours',
        fields: {
          problems: { label: 'Repairs offered', description: 'Search the repairs this model can be booked for by name and pick each; the cross removes one. At least one.' },
          batteryRequiredForScreenRepair: { label: 'Screen repair includes a battery', description: 'On: a screen repair also replaces the battery, free of charge.' },
          versions: { label: 'Versions', description: 'Storage sizes or variants; at least one.' },
          colours: { label: 'Colours', description: 'Colours customers choose from.' },
        },
      },
    ],
  },

  [CATALOGUE_UIDS.problem]: {
    mainField: 'titleEn',
    list: ['problemId', 'code', 'titleEn', 'order'],
    sections: [
      {
        title: 'Repair',
        fields: {
          problemId: fixedNumber('Repair', 1),
          code: { label: 'Code', description: 'Short fixed code used in prices, e.g. screen-repair.', placeholder: 'screen-repair' },
          typeId: { label: 'Device type number', description: 'Number of the device type it applies to, e.g. 1.', placeholder: '1' },
          order: { label: 'Position', description: 'Lower numbers come first in the list of faults, e.g. 1.', placeholder: '1' },
        },
      },
      {
        title: 'Texts',
        fields: {
          titleEn: titleEn('Name', 'Screen repair'),
          titleDe: titleDe('Name', 'Displayreparatur'),
          descriptionEn: { label: 'Description (English)', description: 'One or two sentences on what the repair fixes.' },
          descriptionDe: { label: 'Description (German)', description: 'The same in German.' },
          symptoms: {
            label: 'Symptoms',
            description: 'A row per symptom in English and German, e.g. "Cracked glass" / "Gesprungenes Glas"; add, move or remove rows with the buttons.',
          },
        },
      },
    ],
  },

  [CATALOGUE_UIDS.price]: {
    mainField: 'model',
    list: ['model', 'problem'],
    sections: [
      {
        title: 'Price',
        fields: {
          model: { label: 'Model', description: 'Model code, e.g. iphone-15.', placeholder: 'iphone-15' },
          problem: { label: 'Repair', description: 'Repair code, e.g. screen-repair.', placeholder: 'screen-repair' },
          amounts: { label: 'Prices per currency', description: 'One line per currency; a paid repair costs more than 0.' },
        },
      },
    ],
  },

  [CATALOGUE_UIDS.extra]: {
    mainField: 'titleEn',
    list: ['extraId', 'code', 'titleEn'],
    sections: [
      {
        title: 'Extra',
        fields: {
          extraId: fixedNumber('Extra', 1),
          code: { label: 'Code', description: 'Short fixed code, e.g. screen-protector.', placeholder: 'screen-protector' },
          deviceTypes: { label: 'Device types', description: 'Tick the kinds of device it is offered for. At least one.' },
          prices: { label: 'Prices per currency', description: 'One line per currency; 0 makes it free.' },
        },
      },
      {
        title: 'Texts',
        fields: {
          titleEn: titleEn('Name', 'Screen protector'),
          titleDe: titleDe('Name', 'Displayschutz'),
          descriptionEn: { label: 'Description (English)', description: 'One sentence on what the customer gets.' },
          descriptionDe: { label: 'Description (German)', description: 'The same in German.' },
        },
      },
    ],
  },

  [CATALOGUE_UIDS.triageQuestion]: {
    mainField: 'code',
    list: ['questionId', 'code', 'answerRequired'],
    sections: [
      {
        title: 'Question',
        fields: {
          questionId: fixedNumber('Question', 1),
          code: { label: 'Code', description: 'Short fixed code, e.g. water-leak.', placeholder: 'water-leak' },
          models: { label: 'Appliance models', description: 'Search the models it is asked for by name and pick each; the cross removes one. At least one.' },
          questionEn: { label: 'Question (English)', description: 'e.g. "Is water leaking from the machine?"' },
          questionDe: { label: 'Question (German)', description: 'e.g. "Läuft Wasser aus dem Gerät?"' },
          answerRequired: { label: 'Answer required', description: 'On: the customer must answer before going on.' },
          options: { label: 'Answers', description: 'A row per answer: a short code (e.g. yes) and its English and German text; at least two, each code once.' },
        },
      },
    ],
  },

  'catalogue.amount': {
    sections: [
      {
        title: 'Amount',
        fields: {
          currency: { label: 'Currency', description: 'One line per currency the carriers sell in, e.g. GBP.' },
          price: { label: 'Price', description: MINOR, placeholder: '4999' },
          nonSalePrice: { label: 'Price before the sale', description: `Shown crossed out; higher than the price, or empty. ${MINOR}` },
        },
      },
    ],
  },

  'catalogue.version': {
    sections: [
      {
        title: 'Version',
        fields: {
          versionId: fixedNumber('Version', 1001),
          name: { label: 'Name', description: 'As customers know it, e.g. "128 GB".', placeholder: '128 GB' },
          storageGb: { label: 'Storage (GB)', description: 'e.g. 128. Empty for appliances.', placeholder: '128' },
          fullModelCode: { label: 'Manufacturer model code', description: 'e.g. A3090. Empty if unknown.' },
        },
      },
    ],
  },

  'catalogue.iris-code': {
    sections: [
      {
        title: 'IRIS code',
        fields: {
          section: { label: 'Section', description: "condition and symptom: the customer's complaint; defect and repair: the technician's diagnosis." },
          code: { label: 'Code', description: '1 to 4 capital letters or digits, as the IRIS table writes it, e.g. 131.', placeholder: '131' },
          titleEn: { label: 'Title (English)', description: 'e.g. "Display dead or faulty".' },
          titleDe: { label: 'Title (German)', description: 'e.g. "Display ohne Funktion oder fehlerhaft".' },
        },
      },
    ],
  },

  'catalogue.colour': {
    sections: [
      {
        title: 'Colour',
        fields: {
          code: { label: 'Code', description: 'Short fixed code, e.g. midnight.', placeholder: 'midnight' },
          nameEn: { label: 'Name (English)', description: 'e.g. "Midnight".' },
          nameDe: { label: 'Name (German)', description: 'e.g. "Mitternacht".' },
          hex: { label: 'Colour swatch', description: 'As #rrggbb, e.g. #1f2020.', placeholder: '#1f2020' },
        },
      },
    ],
  },
};
