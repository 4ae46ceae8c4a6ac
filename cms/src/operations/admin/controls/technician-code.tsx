import * as React from 'react';
import { Flex, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { codeOptions, rowsByCode } from '../ops-control-values';
import { type Props, useText, groupLabel, ControlField } from './base';
import { carrierNote, Note, useCarrierRows } from './carrier-rows';

const TECHNICIAN_UID = 'api::ops-technician.ops-technician';

/**
 * A staff account's technician as a select of the technicians of the carrier entered in the same
 * form (ADR 201, the pattern of ADR 199); the cross clears it (only technicians have one). The
 * stored value stays the technician's code.
 */
export const TechnicianCodeInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const { code, rows, failed } = useCarrierRows('TechnicianCodeInput', TECHNICIAN_UID, 'name:asc');
  const options = codeOptions(rows ? rowsByCode(rows, 'technicianId') : [], field.value);
  const listed = options.filter((o) => !o.missing).length;
  const note = carrierNote(text, 'technician', code, failed, !!rows && listed === 0);
  const value = typeof field.value === 'string' && field.value ? field.value : undefined;
  return (
    <ControlField name={name} label={label} hint={hint} error={field.error} required={required}>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-technician-code">
        <SingleSelect
          aria-label={groupLabel(label, name)}
          placeholder={text('ops-controls.technician.placeholder')}
          value={value}
          disabled={disabled}
          clearLabel={text('ops-controls.technician.clear')}
          onClear={value ? () => field.onChange(name, null) : undefined}
          onChange={(picked: string | number) => field.onChange(name, String(picked))}
        >
          {options.map((option) => (
            <SingleSelectOption key={option.code} value={option.code}>
              {option.missing ? text('ops-controls.technician.missing', { code: option.code }) : option.label}
            </SingleSelectOption>
          ))}
        </SingleSelect>
        <Note text={note} failed={failed} testId="ops-technician-code-note" />
      </Flex>
    </ControlField>
  );
});
TechnicianCodeInput.displayName = 'TechnicianCodeInput';
