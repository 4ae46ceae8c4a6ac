import { type Problem, insecureLinkProblems, placeholderProblems } from '../safe-edits/safe-edits';

import { PLACEHOLDERS_OF } from '@repair/rules/message-kinds';

/**
 * Customer message templates (issue 10, ADR 092): which `{{placeholders}}` each kind of message may
 * use. The engine's renderer fills exactly these: both read the one table in
 * packages/rules/message-kinds.js (ADR 161).
 */
export const MESSAGE_TEMPLATE_UID = 'api::message-template.message-template';

export const MESSAGE_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = PLACEHOLDERS_OF;

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
