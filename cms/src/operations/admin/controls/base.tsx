import * as React from 'react';
import { Field } from '@strapi/design-system';
import { useForm } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { OPS_CONTROL_MESSAGES, type OpsControlMessageId } from '../ops-control-messages';

/** What every control shares: its props, its texts in the admin's language, and its frame. */
export type Props = { name: string; label?: React.ReactNode; hint?: React.ReactNode; required?: boolean; disabled?: boolean };

export function useText() {
  const intl = useIntl();
  return {
    locale: intl.locale,
    text: (id: OpsControlMessageId, values?: Record<string, string>) => intl.formatMessage({ id, defaultMessage: OPS_CONTROL_MESSAGES[id].en }, values),
  };
}

/** A weekday's name in the admin's language (1 January 2024 was a Monday: day d of the week is 2024-01-0d). */
export const weekdayName = (locale: string, day: number) => new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(new Date(2024, 0, day));

export const groupLabel = (label: React.ReactNode, name: string) => (typeof label === 'string' ? label : name);

export type Entry = Record<string, unknown>;
export const useEntry = (component: string) => useForm(component, (state) => state.values as Entry);

/** The frame of every control: the field's label above, its hint and error (the save rule's message) below. */
export function ControlField({ name, label, hint, error, required, children }: Props & { error?: string; children: React.ReactNode }) {
  return (
    <Field.Root name={name} hint={hint} error={error} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}
