import { describe, expect, it } from 'vitest';
import { messageFeed } from './message-feed';

const carrier = {
  code: 'acme',
  name: 'Acme Repairs',
  countryCode: 'GB',
  currency: 'GBP',
  timezone: 'Europe/London',
  email: 'help@acme.example',
  phone: '0800 123 4567',
  web: '',
  editors: [{ id: 1 }],
  theme: {
    primaryColor: '#0a5cd5',
    primaryContrastColor: '#ffffff',
    textColor: '#1a1a1a',
    backgroundColor: '#ffffff',
    surfaceColor: null,
    logoUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  },
};

describe('the engine feed of customer messages', () => {
  it('gives the brand the message shows, without empty fields or anything else of the carrier', () => {
    const { editors: _editors, web: _emptyWeb, theme, ...kept } = carrier;
    expect(messageFeed(carrier, [], 'en').brand).toEqual({
      ...kept,
      logoUrl: theme.logoUrl,
      colours: { primary: '#0a5cd5', onPrimary: '#ffffff', text: '#1a1a1a', background: '#ffffff' },
    });
  });

  it("leaves out a logo on the site's own path, which an e-mail cannot show", () => {
    expect(messageFeed({ ...carrier, theme: { logoUrl: '/media/logo.svg' } }, [], 'en').brand.logoUrl).toBeUndefined();
  });

  it('gives each known template with empty fields as null, so the engine uses the standard text there', () => {
    const templates = [
      { kind: 'morning-of', subject: 'Today!', emailBody: '  ', smsText: null, carrierCode: 'acme' },
      { kind: 'birthday', subject: 'x' },
    ];
    expect(messageFeed(carrier, templates, 'de')).toMatchObject({
      code: 'acme',
      locale: 'de',
      templates: [{ kind: 'morning-of', subject: 'Today!', emailBody: null, smsText: null }],
    });
  });
});

describe('the postal address of a repair by post (ADR 140)', () => {
  const postal = 'Acme Repair Centre\nUnit 4, Example Park\nLeeds LS10 1AA';
  it('goes into the brand while the carrier offers mail-in, for the mail-in confirmation', () => {
    expect(messageFeed({ ...carrier, offersMailIn: true, mailInAddress: postal }, [], 'en').brand.mailInAddress).toBe(postal);
  });
  it('stays out when the switch is off', () => {
    expect(messageFeed({ ...carrier, offersMailIn: false, mailInAddress: postal }, [], 'en').brand.mailInAddress).toBeUndefined();
  });
});
