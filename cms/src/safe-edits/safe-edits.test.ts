import { describe, expect, it } from 'vitest';
import { colourProblems, contrastRatio, defaultLocaleProblems, domainProblems, insecureLinkProblems, localeProblems, placeholderProblems, textsOf } from './safe-edits';
import { carrierHttpsProblems } from './carrier-validation';

const readable = {
  primaryColor: '#0a5cd5',
  primaryContrastColor: '#ffffff',
  accentColor: '#b35900',
  backgroundColor: '#ffffff',
  surfaceColor: '#f5f7fa',
  textColor: '#1a1a1a',
};

describe('colour contrast (WCAG AA, as tenants/check.mjs computes it)', () => {
  it('computes black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('accepts a readable theme', () => {
    expect(colourProblems(readable)).toEqual([]);
  });

  it('refuses light grey text on white, naming both colours and the ratio in plain words', () => {
    const [problem] = colourProblems({ ...readable, textColor: '#aaaaaa' });
    expect(problem.path).toEqual(['theme', 'textColor']);
    expect(problem.message).toMatch(/text colour #aaaaaa on the page background #ffffff is too hard to read: contrast 2\.32:1, at least 4\.5:1/);
  });

  it('holds the accent to 3:1 only, as non-text UI', () => {
    expect(colourProblems({ ...readable, accentColor: '#8a8a8a' })).toEqual([]);
    expect(colourProblems({ ...readable, accentColor: '#bbbbbb' })[0].path).toEqual(['theme', 'accentColor']);
  });

  it('refuses a colour that is not #rrggbb', () => {
    expect(colourProblems({ ...readable, primaryColor: 'blue' })[0].message).toMatch(/must be a colour like #0a5cd5/);
  });
});

describe('placeholders', () => {
  it('refuses a placeholder in content text, which the site would show as is', () => {
    const [problem] = placeholderProblems(['answer'], 'Answer', 'Call {{phone}} today');
    expect(problem.message).toBe('Answer contains {{phone}}, which the site does not fill in. Write the value itself instead, e.g. the phone number rather than {{phone}}.');
  });

  it('accepts the placeholders of the standard text of a UI text and refuses others', () => {
    expect(placeholderProblems(['value'], 'Your text', 'Repairs by {{brand}}', ['brand'])).toEqual([]);
    expect(placeholderProblems(['value'], 'Your text', 'Repairs by {{brnad}}', ['brand'])[0].message).toMatch(/contains \{\{brnad\}\}.*Only \{\{brand\}\} can be used here/);
  });

  it('accepts text without placeholders', () => {
    expect(placeholderProblems(['answer'], 'Answer', 'Call 0800 123 today')).toEqual([]);
  });
});

describe('links in texts', () => {
  it('refuses an http:// link and suggests https://', () => {
    const [problem] = insecureLinkProblems(['body'], 'Text', 'See http://example.com/terms for more.');
    expect(problem.message).toBe('Text links to http://example.com/terms. Links must start with https:// (not http://).');
  });

  it('accepts https links and local development addresses', () => {
    expect(insecureLinkProblems(['body'], 'Text', 'See https://example.com and http://fixly.localhost:3000/faq')).toEqual([]);
  });

  it('refuses an http:// website of a carrier, whatever the environment', () => {
    expect(carrierHttpsProblems({ web: 'http://fixly.example' })[0].message).toBe('Website must start with https:// (not http://), e.g. https://fixly.example.');
    expect(carrierHttpsProblems({ web: 'https://fixly.example', liveChatUrl: 'http://127.0.0.1:9/chat.js' })).toEqual([]);
  });

  it('finds the texts inside repeatable blocks with a readable label', () => {
    const texts = textsOf({ carrierCode: 'fixly', steps: [{ id: 1, title: 'One', text: 'First' }] }, { steps: 'How it works' });
    expect(texts).toEqual([
      { path: ['steps', '0', 'title'], label: 'How it works (item 1)', text: 'One' },
      { path: ['steps', '0', 'text'], label: 'How it works (item 1)', text: 'First' },
    ]);
  });
});

describe('domains and languages', () => {
  const taken = new Map([['repair.fixly.example', 'fixly']]);

  it('refuses a domain another carrier already uses, naming that carrier', () => {
    const [problem] = domainProblems(['gadgethub.localhost', 'Repair.Fixly.example'], taken);
    expect(problem.path).toEqual(['domains', '1']);
    expect(problem.message).toMatch(/The domain Repair\.Fixly\.example is already used by carrier "fixly"/);
  });

  it('accepts domains no other carrier uses', () => {
    expect(domainProblems(['gadgethub.localhost'], taken)).toEqual([]);
  });

  it('refuses a text in a language the carrier does not offer', () => {
    const [problem] = localeProblems('de', 'fixly', ['en']);
    expect(problem.message).toBe(
      'The site of carrier "fixly" is not offered in German (de); it offers English (en). Add the language to the carrier\'s supported languages first.',
    );
    expect(localeProblems('en', 'fixly', ['en', 'de'])).toEqual([]);
  });

  it('refuses a default language the carrier does not offer', () => {
    expect(defaultLocaleProblems('de', ['en'])[0].path).toEqual(['defaultLocale']);
    expect(defaultLocaleProblems('en', ['en'])).toEqual([]);
  });
});
