import * as React from 'react';
import { useField } from '@strapi/strapi/admin';
import { type CodeOption, codeOptions, staffAreaProblem } from '../ops-control-values';
import { type Props, useText, useEntry } from './base';
import { CodeSelect } from './code-select';
import { carrierNote, useCarrierRows } from './carrier-rows';

const SERVICE_AREA_UID = 'api::ops-service-area.ops-service-area';

/**
 * A technician's service area as a select of the areas of the carrier entered in the same form
 * (ADR 199), read through the admin's own API, so only areas of carriers the user may edit are
 * listed. The stored value stays the area's code.
 */
export const ServiceAreaCodeInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const { name } = props;
  const field = useField<unknown>(name);
  const { text } = useText();
  const { code, rows, failed } = useCarrierRows('ServiceAreaCodeInput', SERVICE_AREA_UID, 'name:asc');
  const options: CodeOption[] = codeOptions(rows ?? [], field.value);
  const listed = options.filter((o) => !o.missing).length;
  const note = carrierNote(text, 'area', code, failed, !!rows && listed === 0);
  // A staff account (its form has a role) gets the staff save rule's message before the save: an
  // area manager or technician needs an area (ADR 218).
  const entry = useEntry('ServiceAreaCodeInput');
  const problem =
    rows && 'role' in entry
      ? staffAreaProblem(
          entry,
          options.filter((o) => !o.missing).map((o) => o.code),
        )
      : undefined;
  return (
    <CodeSelect
      {...props}
      ref={ref}
      error={field.error ?? problem}
      clearLabel={props.required ? undefined : text('ops-controls.area.clear')}
      testId="ops-area-code"
      placeholder={text('ops-controls.area.placeholder')}
      options={options}
      missing={(missing) => text('ops-controls.area.missing', { code: missing })}
      note={note}
      failed={failed}
    />
  );
});
ServiceAreaCodeInput.displayName = 'ServiceAreaCodeInput';
