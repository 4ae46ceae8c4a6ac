import * as React from 'react';
import { Flex } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { codeChoices, codeOptions, staffFieldProblems, withListed } from '../ops-control-values';
import { type Props, useText, groupLabel, useEntry, ControlField } from './base';
import { carrierNote, Note, useCarrierRows } from './carrier-rows';
import { ChoiceBoxes } from './choice-boxes';

const STORE_UID = 'api::ops-store.ops-store';

/**
 * A staff account's stores as a box per store of the carrier entered in the same form (ADR 201),
 * read through the admin's own API (only carriers the user may edit); stored as the list of codes.
 */
export const StoreCodesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const entry = useEntry('StoreCodesInput');
  const { text } = useText();
  const { code, rows, failed } = useCarrierRows('StoreCodesInput', STORE_UID, 'name:asc');
  const choices = codeChoices(rows ?? [], field.value);
  const storeCodes = rows ? codeOptions(rows, undefined).map((o) => o.code) : null;
  const problem = field.error ?? staffFieldProblems('storeCodes', entry, storeCodes)[0];
  const listed = choices.filter((c) => !c.missing).length;
  const note = carrierNote(text, 'stores', code, failed, !!rows && listed === 0);
  return (
    <ControlField name={name} label={label} hint={hint} error={problem} required={required}>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-store-codes">
        <ChoiceBoxes
          name={name}
          choices={choices.map((c) => ({
            value: c.code,
            on: c.on,
            label: c.label,
            missing: c.missing && rows ? text('ops-controls.stores.missing', { code: c.code, carrier: code }) : undefined,
          }))}
          listLabel={groupLabel(label, name)}
          testId="ops-store-code"
          disabled={disabled}
          onToggle={(store, on) => field.onChange(name, withListed(field.value, store, on))}
        />
        <Note text={note} failed={failed} testId="ops-store-codes-note" />
      </Flex>
    </ControlField>
  );
});
StoreCodesInput.displayName = 'StoreCodesInput';
