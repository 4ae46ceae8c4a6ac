import { describe, expect, it } from 'vitest';
import { PREVIEW_PATHS, previewUrl, siteOrigin } from './preview';
import { verifyPreviewToken } from '@repair/rules/preview-token';

describe('preview links (ADR 086)', () => {
  it("open the carrier's own domain in production and <code>.localhost on the app's port locally", () => {
    const carrier = { code: 'fixly', domains: ['fixly.localhost', 'repair.fixly.example'] };
    expect(siteOrigin(carrier, false)).toBe('https://repair.fixly.example');
    expect(siteOrigin(carrier, true, '3150')).toBe('http://fixly.localhost:3150');
    expect(siteOrigin({ code: 'new', domains: ['new.localhost'] }, false)).toBe('http://new.localhost:3000');
  });

  it('send a draft through the /preview route with the token and the page, a published entry straight to its page', () => {
    const draft = new URL(previewUrl('https://repair.fixly.example', '/faqs/booking', { locale: 'de', status: 'draft', token: 't.s' }));
    expect(draft.pathname).toBe('/preview');
    expect(draft.searchParams.get('token')).toBe('t.s');
    expect(draft.searchParams.get('path')).toBe('/faqs/booking?lng=de');
    expect(previewUrl('https://repair.fixly.example', '/terms', { status: 'published', token: 't.s' })).toBe('https://repair.fixly.example/terms');
  });

  it('cover landing, FAQ, help and legal pages', () => {
    expect(PREVIEW_PATHS['api::landing-page.landing-page']({})).toBe('/');
    expect(PREVIEW_PATHS['api::faq-item.faq-item']({ category: 'payments' })).toBe('/faqs/payments');
    expect(PREVIEW_PATHS['api::faq-category.faq-category']({ slug: 'booking' })).toBe('/faqs/booking');
    expect(PREVIEW_PATHS['api::help-guide.help-guide']({ slug: 'cancel-repair' })).toBe('/help/cancel-repair');
    expect(PREVIEW_PATHS['api::legal-page.legal-page']({ slug: 'imprint' })).toBe('/imprint');
    expect(verifyPreviewToken('t.s', 'x').ok).toBe(false);
  });
});
