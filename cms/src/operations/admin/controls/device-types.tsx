import * as React from 'react';
import { Box } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { DEVICE_KINDS, deviceTypesProblems } from '../../ops-rules';
import { withDeviceKind, textsOf } from '../ops-control-values';
import { type Props, useText, groupLabel, ControlField } from './base';
import { ChoiceBoxes } from './choice-boxes';

/** A catalogue extra's device types: a box per kind of device, in the admin's language, stored as the same words (ADR 202). */
export const DeviceTypesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const stored = textsOf(field.value);
  const problem = field.error ?? deviceTypesProblems({ [name]: field.value ?? [] })[0]?.message;
  return (
    <ControlField name={name} label={label} hint={hint} error={problem} required={required}>
      <Box ref={ref} data-testid="ops-device-types">
        <ChoiceBoxes
          name={name}
          choices={DEVICE_KINDS.map((kind) => ({ value: kind, on: stored.includes(kind), label: text(`ops-controls.device.${kind}`) }))}
          listLabel={groupLabel(label, name)}
          testId="ops-device-type"
          disabled={disabled}
          onToggle={(kind, on) => field.onChange(name, withDeviceKind(field.value, kind, on))}
        />
      </Box>
    </ControlField>
  );
});
DeviceTypesInput.displayName = 'DeviceTypesInput';
