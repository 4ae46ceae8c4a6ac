import { type Problem, insecureLinkProblems, placeholderProblems } from './safe-edits';

/**
 * Customer message templates (issue 10, ADR 092): which `{{placeholders}}` each kind of message may
 * use. The engine's renderer (booking/notifications/template-kinds.ts) fills exactly these; a unit
 * test there keeps the two tables equal.
 */
export const MESSAGE_TEMPLATE_UID = 'api::message-template.message-template';

const booking = ['brand', 'orderRef', 'devices', 'date', 'window', 'address', 'manageUrl', 'trackingUrl'];

export const MESSAGE_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  'booking-confirmed': [...booking, 'amount'],
  'evening-before': booking,
  'morning-of': booking,
  'booking-cancelled': ['brand', 'orderRef', 'devices', 'date', 'refund'],
  'date-changed': booking,
  'address-changed': booking,
  'imei-accepted': ['brand', 'orderRef', 'devices', 'manageUrl'],
  'proof-accepted': ['brand', 'orderRef', 'devices', 'manageUrl'],
  'contact-received': ['brand', 'orderRef'],
  'call-back-requested': ['brand', 'orderRef', 'date', 'window'],
  'waiting-list-offer': ['brand', 'date', 'window', 'address', 'offerUrl', 'holdUntil'],
  'booking-handed-over': ['brand', 'devices', 'date', 'address', 'bookingCode', 'confirmUrl', 'holdUntil'],
  'mail-in-confirmed': ['brand', 'orderRef', 'devices', 'address', 'amount', 'manageUrl', 'mailInAddress'],
};

export const MESSAGE_KINDS = Object.keys(MESSAGE_PLACEHOLDERS);

const TEXT_FIELDS = ['subject', 'emailBody', 'smsText'] as const;

/**
 * What a template's save would break: a placeholder its kind does not fill (it would reach the
 * customer as `{{…}}`), or a plain-http link. `kind` comes from the saved data or the stored entry.
 */
export function messageTemplateProblems(data: Record<string, unknown>, kind: unknown, labels: Record<string, string> = {}): Problem[] {
  if (typeof kind !== 'string' || !(kind in MESSAGE_PLACEHOLDERS)) {
    return 'kind' in data ? [{ path: ['kind'], message: `Message must be one of ${MESSAGE_KINDS.join(', ')} (got ${JSON.stringify(kind)}).` }] : [];
  }
  return TEXT_FIELDS.flatMap((field) => [
    ...placeholderProblems([field], labels[field] ?? field, data[field], MESSAGE_PLACEHOLDERS[kind], 'this message'),
    ...insecureLinkProblems([field], labels[field] ?? field, data[field]),
  ]);
}
