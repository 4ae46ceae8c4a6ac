import * as React from 'react';
import { Flex, Typography } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { idListProblems } from '../../ops-rules';
import { idChoices, withId } from '../ops-control-values';
import { type Props, useText, groupLabel, ControlField } from './base';
import { ChoiceBoxes } from './choice-boxes';
import { useCatalogue } from './catalogue-tags';

/** A catalogue model's makes: a box per make of the catalogue, stored as the make ids (ADR 202). */
export const MakeIdsInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const { lists, failed } = useCatalogue(null);
  const problem = field.error ?? idListProblems({ [name]: field.value ?? [] }, name, 'Make ids')[0]?.message;
  const choices = idChoices(lists?.makes ?? [], field.value).map((c) => ({
    value: String(c.id),
    on: c.on,
    label: c.label,
    missing: c.missing && lists ? text('ops-controls.catalogue.missing-make', { id: String(c.id) }) : undefined,
  }));
  return (
    <ControlField name={name} label={label} hint={hint} error={problem} required={required}>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-make-ids">
        <ChoiceBoxes
          name={name}
          choices={choices}
          listLabel={groupLabel(label, name)}
          testId="ops-make-id"
          disabled={disabled}
          onToggle={(id, on) => field.onChange(name, withId(field.value, Number(id), on))}
        />
        {failed ? (
          <Typography variant="pi" textColor="danger600">
            {text('ops-controls.catalogue.failed')}
          </Typography>
        ) : null}
      </Flex>
    </ControlField>
  );
});
MakeIdsInput.displayName = 'MakeIdsInput';
