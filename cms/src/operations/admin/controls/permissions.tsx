import * as React from 'react';
import { Box } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { type OpsControlMessageId } from '../ops-control-messages';
import { permissionChoices, staffFieldProblems, withPermission } from '../ops-control-values';
import { type Props, useText, groupLabel, useEntry, ControlField } from './base';
import { ChoiceBoxes } from './choice-boxes';

/**
 * A staff account's role or company permissions as a box per permission the app knows (ADR 201),
 * each named with what it opens, in the admin's language; stored as the same list of tags.
 */
export const PermissionsInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const entry = useEntry('PermissionsInput');
  const { text } = useText();
  const problem = field.error ?? staffFieldProblems(name === 'companyPermissions' ? 'companyPermissions' : 'rolePermissions', entry, null)[0];
  const choices = permissionChoices(field.value).map((choice) => ({
    value: choice.value,
    on: choice.on,
    label: choice.known ? `${text(`ops-controls.permission.${choice.value}` as OpsControlMessageId)} (${choice.value})` : choice.value,
    missing: choice.known ? undefined : text('ops-controls.permissions.unknown', { tag: choice.value }),
  }));
  return (
    <ControlField name={name} label={label} hint={hint} error={problem} required={required}>
      <Box ref={ref} data-testid="ops-permissions">
        <ChoiceBoxes
          name={name}
          choices={choices}
          listLabel={groupLabel(label, name)}
          testId="ops-permission"
          disabled={disabled}
          onToggle={(tag, on) => field.onChange(name, withPermission(field.value, tag, on))}
        />
      </Box>
    </ControlField>
  );
});
PermissionsInput.displayName = 'PermissionsInput';
