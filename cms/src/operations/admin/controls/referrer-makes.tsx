import * as React from 'react';
import { Box, Button, Flex, TextInput } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { referrerProblemsOf, referrerRowsOf, withReferrer, withoutReferrer } from '../ops-control-values';
import { type Props, useText, groupLabel, ControlField } from './base';
import { RemovableTags } from './removable-tags';

/**
 * A carrier's referrer brands (ADR 135, 203): each referrer code with the brand's catalogue id as a
 * row with a cross; a new one from two boxes and Add (the same code again replaces its brand). A row
 * the save would refuse shows the save's message under it.
 */
export const ReferrerMakesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const [code, setCode] = React.useState('');
  const [make, setMake] = React.useState('');
  const rows = referrerRowsOf(field.value);
  const problems = referrerProblemsOf(field.value ?? null);
  const brandOf = new Map(rows.map((row) => [row.code, row.make]));
  const add = () => {
    if (!code.trim() || !make.trim()) return;
    field.onChange(name, withReferrer(field.value, code, make));
    setCode('');
    setMake('');
  };
  const onEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the row; it must not submit the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <ControlField name={name} label={label} hint={hint} error={field.error ?? problems.field[0]} required={required}>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-referrer-makes">
        <Flex gap={2} alignItems="flex-start">
          <Box grow={1}>
            <TextInput
              aria-label={text('ops-controls.referrers.code')}
              placeholder="samsung"
              value={code}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => setCode(event.target.value)}
              onKeyDown={onEnter}
            />
          </Box>
          <Box grow={1}>
            <TextInput
              aria-label={text('ops-controls.referrers.make')}
              placeholder="1"
              inputMode="numeric"
              value={make}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => setMake(event.target.value)}
              onKeyDown={onEnter}
            />
          </Box>
          <Button variant="secondary" size="L" disabled={disabled || !code.trim() || !make.trim()} onClick={add}>
            {text('ops-controls.prefixes.add')}
          </Button>
        </Flex>
        <RemovableTags
          items={rows.map((row) => row.code)}
          problems={problems.items}
          listLabel={groupLabel(label, name)}
          empty={text('ops-controls.referrers.none')}
          testId="ops-referrer-make"
          dataKey="referrer"
          disabled={disabled}
          shown={(referrer) => text('ops-controls.referrers.row', { code: referrer, make: brandOf.get(referrer) ?? '' })}
          removeLabel={(row) => text('ops-controls.referrers.remove', { row })}
          onRemove={(referrer) => field.onChange(name, withoutReferrer(field.value, referrer))}
        />
      </Flex>
    </ControlField>
  );
});
ReferrerMakesInput.displayName = 'ReferrerMakesInput';
