// The built-in claim form: a commercial auto loss notice for trucking fleets, after ACORD 2
// "Automobile Loss Notice", as a JSON Schema (draft-07) that the server validates with ajv and the
// portal renders with react-jsonschema-form. Plain data, no zod: it is stored as a company's schema
// version 1 the first time the company files a claim, so later edits of this file never change a
// claim already entered (a new built-in form is a new constant and version).
//
// Conventions every claim schema of ours keeps (test: packages/contract/test/claim-form.test.ts):
// - sections are the root's object properties, in the order of uiSchema's `ui:order`;
// - every string is bounded (maxLength, an enum or a format), every array has maxItems: free text
//   in a claim is bounded;
// - a choice between alternatives is discriminated by a property's value (`dependencies` with
//   `oneOf` branches naming `enum`s), never by `required` alone, so the draft schema
//   (draftClaimSchemaOf, which drops every `required`) still tells the branches apart;
// - the FMCSA rules live in `allOf` of `if`/`then` at the root (below).
import { INSURANCE_COVERAGE_TYPES, US_STATE_CODES, VEHICLE_TYPES } from '../enums.ts';

/** The version number the built-in form has in every company until its admin publishes another. */
export const BUILT_IN_CLAIM_SCHEMA_VERSION = 1;

const text = (title: string, maxLength: number, extra: Record<string, unknown> = {}) => ({ type: 'string', title, maxLength, ...extra });
const line = (title: string, extra: Record<string, unknown> = {}) => text(title, 120, { minLength: 1, ...extra });
const longText = (title: string, maxLength = 4000) => text(title, maxLength, { minLength: 1 });
const date = (title: string) => ({ type: 'string', title, format: 'date', maxLength: 10 });
const dateTime = (title: string) => ({ type: 'string', title, format: 'date-time', maxLength: 40 });
const phone = { type: 'string', title: 'Phone', maxLength: 30, pattern: '^[0-9+()./ -]{7,30}$' };
const usState = (title = 'State') => ({ type: 'string', title, enum: [...US_STATE_CODES] });
const yesNo = (title: string, description?: string) => ({ type: 'boolean', title, ...(description ? { description } : {}) });

const address = {
  type: 'object',
  title: 'Address',
  additionalProperties: false,
  properties: {
    street: line('Street'),
    city: line('City'),
    state: usState(),
    zip: { type: 'string', title: 'ZIP code', pattern: '^[0-9]{5}(-[0-9]{4})?$', maxLength: 10 },
  },
};

const insurer = {
  type: 'object',
  title: 'Insurer',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: line('Insurance company'),
    policyNumber: line('Policy number', { maxLength: 40 }),
    claimNumber: line('Their claim number', { maxLength: 40 }),
    phone,
  },
};

/** One drug or alcohol test after the accident (49 CFR 382.303): done, or why not (382.303(d)). */
const postAccidentTest = (title: string, withinHours: number) => ({
  type: 'object',
  title,
  description: `To be done within ${withinHours} hours of the accident; if it was not, record why.`,
  required: ['performed'],
  properties: { performed: yesNo('Test performed') },
  dependencies: {
    performed: {
      oneOf: [
        {
          properties: {
            performed: { enum: [true] },
            testedAt: dateTime('Tested at'),
            result: { type: 'string', title: 'Result', enum: ['Negative', 'Positive', 'Refused', 'Pending'] },
          },
          required: ['testedAt', 'result'],
        },
        {
          properties: {
            performed: { enum: [false] },
            reasonNotPerformed: longText('Why the test was not performed', 1000),
          },
          required: ['reasonNotPerformed'],
        },
      ],
    },
  },
});

/**
 * When the crash obliges the carrier (49 CFR 390.5, 382.303). `lossField(name, value)` is "the loss
 * says name = value"; the conditions name facts of the loss section.
 */
const lossSays = (field: string, value: unknown) => ({ required: [field], properties: { [field]: { const: value } } });
const ifLoss = (condition: Record<string, unknown>) => ({ required: ['loss'], properties: { loss: condition } });
const fatality = ifLoss({ required: ['fatalities'], properties: { fatalities: { minimum: 1 } } });
const injuryOrTow = { anyOf: [lossSays('injuryTreatedAwayFromScene', true), lossSays('vehicleTowedWithDisablingDamage', true)] };
/** 390.5: a DOT-recordable accident (fatality, injury treated away from the scene, disabling damage towed). */
const dotRecordable = { anyOf: [fatality, ifLoss(injuryOrTow)] };
/** 382.303(a)(1), (b)(1): a fatality; (a)(2), (b)(2): a citation of our driver for a moving violation with injury or tow. */
const testingRequired = { anyOf: [fatality, ifLoss({ allOf: [lossSays('driverCitedForMovingViolation', true), injuryOrTow] })] };

export const AUTO_LOSS_NOTICE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Commercial auto loss notice',
  description: 'First notice of an accident or loss of a trucking fleet (after ACORD 2, Automobile Loss Notice).',
  type: 'object',
  additionalProperties: false,
  required: ['policy', 'loss', 'coverages', 'vehicles', 'drivers'],
  properties: {
    policy: {
      type: 'object',
      title: 'Policy',
      additionalProperties: false,
      required: ['policyNumber', 'insurer', 'effectiveDate', 'expirationDate'],
      properties: {
        policyNumber: line('Policy number', { maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9 ./-]*$' }),
        insurer: line('Insurance company'),
        naicCode: { type: 'string', title: 'NAIC code', pattern: '^[0-9]{5}$', maxLength: 5 },
        effectiveDate: date('Effective date'),
        expirationDate: date('Expiration date'),
        agency: line('Agency or broker'),
      },
    },
    loss: {
      type: 'object',
      title: 'Loss',
      additionalProperties: false,
      required: ['occurredAt', 'location', 'description'],
      properties: {
        occurredAt: dateTime('Date and time of loss'),
        location: {
          type: 'object',
          title: 'Location',
          additionalProperties: false,
          required: ['city', 'state'],
          properties: {
            street: line('Street, highway or mile marker', { maxLength: 200 }),
            city: line('City'),
            state: usState(),
            zip: address.properties.zip,
            country: line('Country', { maxLength: 60, default: 'US' }),
          },
        },
        description: longText('Description of the accident'),
        weather: { type: 'string', title: 'Weather', enum: ['Clear', 'Rain', 'Snow', 'Ice', 'Fog', 'Wind', 'Other'] },
        policeReport: {
          type: 'object',
          title: 'Police report',
          additionalProperties: false,
          properties: {
            agency: line('Police or fire department', { maxLength: 200 }),
            reportNumber: line('Report number', { maxLength: 40 }),
          },
        },
        citations: {
          type: 'array',
          title: 'Citations issued',
          maxItems: 20,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['issuedTo', 'violation'],
            properties: {
              issuedTo: { type: 'string', title: 'Issued to', enum: ['Our driver', 'Other party'] },
              violation: line('Violation', { maxLength: 200 }),
              citationNumber: line('Citation number', { maxLength: 40 }),
            },
          },
        },
        fatalities: { type: 'integer', title: 'Fatalities', minimum: 0, maximum: 100, default: 0 },
        injuryTreatedAwayFromScene: yesNo('Someone was injured and treated away from the scene'),
        vehicleTowedWithDisablingDamage: yesNo('A vehicle was towed away with disabling damage'),
        driverCitedForMovingViolation: yesNo('Our driver was cited for a moving violation', 'Within 8 hours (alcohol) or 32 hours (drugs) of the accident.'),
      },
    },
    coverages: {
      type: 'array',
      title: 'Coverages affected',
      minItems: 1,
      maxItems: INSURANCE_COVERAGE_TYPES.length,
      uniqueItems: true,
      items: { type: 'string', enum: [...INSURANCE_COVERAGE_TYPES] },
    },
    vehicles: {
      type: 'array',
      title: 'Our vehicles',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'vin'],
        properties: {
          type: { type: 'string', title: 'Type', enum: [...VEHICLE_TYPES] },
          unitNumber: line('Unit number', { maxLength: 20 }),
          vin: { type: 'string', title: 'VIN', pattern: '^[A-HJ-NPR-Z0-9]{17}$', minLength: 17, maxLength: 17 },
          plate: {
            type: 'object',
            title: 'Plate',
            additionalProperties: false,
            properties: { number: line('Plate number', { maxLength: 12 }), state: usState('Plate state') },
          },
          year: { type: 'integer', title: 'Year', minimum: 1950, maximum: 2100 },
          make: line('Make', { maxLength: 60 }),
          model: line('Model', { maxLength: 60 }),
          damage: longText('Damage', 2000),
          whereCanBeSeen: longText('Where the vehicle can be seen', 500),
          drivable: yesNo('Drivable'),
        },
      },
    },
    drivers: {
      type: 'array',
      title: 'Drivers',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        required: ['source'],
        properties: {
          source: { type: 'string', title: 'Driver', enum: ['COMPANY_DRIVER', 'TYPED_IN'], default: 'COMPANY_DRIVER' },
          vehicleUnit: line('Unit driven', { maxLength: 20 }),
          injured: yesNo('Injured'),
        },
        dependencies: {
          source: {
            oneOf: [
              {
                properties: {
                  source: { enum: ['COMPANY_DRIVER'] },
                  personId: { type: 'string', title: 'Company driver', format: 'uuid', maxLength: 36 },
                },
                required: ['personId'],
              },
              {
                properties: {
                  source: { enum: ['TYPED_IN'] },
                  firstName: line('First name', { maxLength: 80 }),
                  lastName: line('Last name', { maxLength: 80 }),
                  dateOfBirth: date('Date of birth'),
                  phone,
                  licence: {
                    type: 'object',
                    title: 'Licence',
                    additionalProperties: false,
                    required: ['number', 'state'],
                    properties: {
                      number: line('Licence number', { maxLength: 30 }),
                      state: usState('Licence state'),
                      class: { type: 'string', title: 'Class', enum: ['A', 'B', 'C', 'Non-CDL'] },
                    },
                  },
                },
                required: ['firstName', 'lastName', 'licence'],
              },
            ],
          },
        },
      },
    },
    injuredPeople: {
      type: 'array',
      title: 'Injured people',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'role'],
        properties: {
          name: line('Name'),
          role: { type: 'string', title: 'Who', enum: ['Our driver', 'Passenger', 'Other driver', 'Pedestrian', 'Other'] },
          phone,
          injury: longText('Injury', 1000),
          treatedAwayFromScene: yesNo('Treated away from the scene'),
          medicalFacility: line('Hospital or clinic', { maxLength: 200 }),
        },
      },
    },
    witnesses: {
      type: 'array',
      title: 'Witnesses',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: line('Name'), phone, address, statement: longText('Statement', 2000) },
      },
    },
    otherParties: {
      type: 'array',
      title: 'Other parties',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: line('Name'),
          phone,
          address,
          vehicle: {
            type: 'object',
            title: 'Their vehicle',
            additionalProperties: false,
            properties: {
              year: { type: 'integer', title: 'Year', minimum: 1950, maximum: 2100 },
              make: line('Make', { maxLength: 60 }),
              model: line('Model', { maxLength: 60 }),
              plate: line('Plate', { maxLength: 12 }),
              damage: longText('Damage', 2000),
            },
          },
          insurer,
        },
      },
    },
    hoursOfService: {
      type: 'object',
      title: 'Hours of service',
      description: 'Required for a DOT-recordable accident (49 CFR 390.5: a fatality, an injury treated away from the scene, or a vehicle towed with disabling damage).',
      additionalProperties: false,
      required: ['logSource', 'drivingHoursBefore', 'onDutyHoursBefore'],
      properties: {
        logSource: { type: 'string', title: 'Log', enum: ['ELD', 'Paper log', 'Exempt (short haul)'] },
        eldProvider: line('ELD provider'),
        drivingHoursBefore: { type: 'number', title: 'Hours driven in the shift before the accident', minimum: 0, maximum: 24 },
        onDutyHoursBefore: { type: 'number', title: 'Hours on duty in the shift before the accident', minimum: 0, maximum: 24 },
        lastOffDutyEndedAt: dateTime('Last 10-hour break ended at'),
        logAttachment: line('Log attachment reference', { maxLength: 500 }),
      },
    },
    postAccidentTesting: {
      type: 'object',
      title: 'Post-accident drug and alcohol testing',
      description: 'Required by 49 CFR 382.303 after a fatality, or when our driver was cited for a moving violation and someone was treated away from the scene or a vehicle was towed.',
      additionalProperties: false,
      required: ['alcohol', 'drugs'],
      properties: {
        alcohol: postAccidentTest('Alcohol test', 8),
        drugs: postAccidentTest('Controlled substances test', 32),
      },
    },
    attachments: {
      type: 'array',
      title: 'Attachments',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'reference'],
        properties: {
          kind: { type: 'string', title: 'Kind', enum: ['Photo', 'Police report', 'Repair estimate', 'Tow receipt', 'Hours-of-service log', 'Drug and alcohol test result', 'Other'] },
          reference: line('Reference (file name, document id or link)', { maxLength: 500 }),
          description: line('Description', { maxLength: 500 }),
        },
      },
    },
  },
  allOf: [
    { if: dotRecordable, then: { required: ['hoursOfService'] } },
    { if: testingRequired, then: { required: ['postAccidentTesting'] } },
  ],
} as const;

const COVERAGE_LABELS: Record<(typeof INSURANCE_COVERAGE_TYPES)[number], string> = {
  Motor_Truck_Cargo: 'Motor truck cargo',
  Liability: 'Auto liability',
  Physical_Damage: 'Physical damage',
  General_Liability: 'General liability',
  Workers_Compensation: "Workers' compensation",
  Commercial_Fire: 'Commercial fire',
};

const COVERAGE_NAMES = INSURANCE_COVERAGE_TYPES.map((coverage) => COVERAGE_LABELS[coverage]);

/** How react-jsonschema-form lays the form out: sections in order, text areas, check boxes. */
export const AUTO_LOSS_NOTICE_UI_SCHEMA = {
  'ui:order': ['policy', 'loss', 'coverages', 'vehicles', 'drivers', 'injuredPeople', 'witnesses', 'otherParties', 'hoursOfService', 'postAccidentTesting', 'attachments'],
  loss: {
    'ui:order': ['occurredAt', 'location', 'description', 'weather', 'fatalities', 'injuryTreatedAwayFromScene', 'vehicleTowedWithDisablingDamage', 'driverCitedForMovingViolation', 'policeReport', 'citations'],
    description: { 'ui:widget': 'textarea' },
  },
  // rjsf reads a multi-select's labels from the array's uiSchema up to 6.3 and from its items' since 6.4.
  coverages: { 'ui:widget': 'checkboxes', 'ui:enumNames': COVERAGE_NAMES, items: { 'ui:enumNames': COVERAGE_NAMES } },
  vehicles: { items: { damage: { 'ui:widget': 'textarea' }, whereCanBeSeen: { 'ui:widget': 'textarea' } } },
  drivers: {
    items: {
      'ui:order': ['source', 'personId', 'firstName', 'lastName', 'dateOfBirth', 'licence', 'phone', 'vehicleUnit', 'injured'],
      source: { 'ui:enumNames': ['One of our drivers', 'Typed in'] },
      personId: { 'ui:widget': 'companyDriver' },
    },
  },
  injuredPeople: { items: { injury: { 'ui:widget': 'textarea' } } },
  witnesses: { items: { statement: { 'ui:widget': 'textarea' } } },
  otherParties: { items: { vehicle: { damage: { 'ui:widget': 'textarea' } } } },
  postAccidentTesting: {
    alcohol: { reasonNotPerformed: { 'ui:widget': 'textarea' } },
    drugs: { reasonNotPerformed: { 'ui:widget': 'textarea' } },
  },
} as const;
