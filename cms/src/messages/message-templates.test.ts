import { describe, expect, it } from 'vitest';
import { EDIT_VIEWS } from '../edit-views/edit-view-specs';
import { MESSAGE_KINDS, messageTemplateProblems } from './message-templates';
import { CONTRACT_UIDS, LOCALIZED_UIDS } from '../lib/content-model';

const labels = Object.fromEntries(EDIT_VIEWS['api::message-template.message-template'].sections.flatMap((s) => Object.entries(s.fields).map(([name, view]) => [name, view.label])));

describe('saving a customer message template', () => {
  it('accepts the placeholders its message fills', () => {
    const data = { subject: 'Booked: {{orderRef}}', emailBody: 'Hello from {{brand}}.\n\n[Manage]({{manageUrl}})', smsText: '{{brand}}: {{date}}, {{window}}' };
    expect(messageTemplateProblems(data, 'booking-confirmed', labels)).toEqual([]);
  });

  it('refuses a placeholder the message does not fill, naming it and the ones that can be used', () => {
    const [problem] = messageTemplateProblems({ smsText: 'Refund of {{refund}} for {{orderRef}}' }, 'booking-confirmed', labels);
    expect(problem.path).toEqual(['smsText']);
    expect(problem.message).toBe(
      'SMS text contains {{refund}}, which this message does not fill in. Only {{brand}}, {{orderRef}}, {{devices}}, {{date}}, {{window}}, {{address}}, {{manageUrl}}, {{trackingUrl}}, {{amount}} can be used here.',
    );
  });

  it('refuses a misspelt placeholder in the subject and the e-mail text alike', () => {
    const problems = messageTemplateProblems({ subject: 'Hi {{brnad}}', emailBody: 'Your ref {{order_ref}}' }, 'contact-received', labels);
    expect(problems.map((p) => p.path[0])).toEqual(['subject', 'emailBody']);
    expect(problems[1].message).toMatch(/^E-mail text contains \{\{order_ref\}\}.*Only \{\{brand\}\}, \{\{orderRef\}\} can be used here\.$/);
  });

  it('refuses a plain-http link', () => {
    expect(messageTemplateProblems({ emailBody: 'See [terms](http://acme.example/terms)' }, 'booking-confirmed', labels)[0].message).toMatch(/Links must start with https:\/\//);
  });

  it('refuses an unknown message kind', () => {
    expect(messageTemplateProblems({ kind: 'birthday' }, 'birthday')[0].message).toMatch(/^Message must be one of booking-confirmed, evening-before/);
  });

  it('knows fifteen messages (the mail-in confirmation, ADR 140; the full and partial refunds, ADR 247), fenced for carrier editors and announced by the webhook like the other localized content', () => {
    expect(MESSAGE_KINDS).toHaveLength(15);
    expect(MESSAGE_KINDS).toEqual(expect.arrayContaining(['order-refunded', 'order-partly-refunded']));
    expect(LOCALIZED_UIDS).toContain('api::message-template.message-template');
    expect(CONTRACT_UIDS).toContain('api::message-template.message-template');
  });
});
