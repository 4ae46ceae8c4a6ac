import * as React from 'react';
import { Box, Button, Flex, TextInput } from '@strapi/design-system';
import { type Props, useText, groupLabel, ControlField } from './base';
import { RemovableTags } from './removable-tags';

/**
 * A list value typed as tags (postcode prefixes, domains): a box that takes several at once (Enter,
 * a comma, the Add button or leaving the box), the tags with their crosses and, under a tag the save
 * would refuse, the save's message. `before` is shown above the box (the prefixes' format).
 */
export const TypedTags = React.forwardRef<
  HTMLDivElement,
  Props & {
    error?: string;
    before?: React.ReactNode;
    testId: string;
    tagTestId: string;
    dataKey: string;
    items: string[];
    problems: Map<number, string>;
    inputLabel: string;
    placeholder: string;
    empty: string;
    removeLabel: (item: string) => string;
    onAdd: (typed: string) => void;
    onRemove: (item: string) => void;
  }
>(({ name, label, hint, required, disabled, error, before, testId, tagTestId, dataKey, items, problems, inputLabel, placeholder, empty, removeLabel, onAdd, onRemove }, ref) => {
  const { text } = useText();
  const [typed, setTyped] = React.useState('');
  const add = () => {
    if (!typed.trim()) return;
    onAdd(typed);
    setTyped('');
  };
  return (
    <ControlField name={name} label={label} hint={hint} error={error} required={required}>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid={testId}>
        {before}
        <Flex gap={2} alignItems="flex-start">
          <Box grow={1}>
            <TextInput
              aria-label={inputLabel}
              placeholder={placeholder}
              value={typed}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => setTyped(event.target.value)}
              onKeyDown={(event: React.KeyboardEvent<HTMLInputElement>) => {
                // Enter adds the tags; it must not submit the whole form.
                if (event.key === 'Enter' || event.key === ',') {
                  event.preventDefault();
                  add();
                }
              }}
              onBlur={add}
            />
          </Box>
          <Button variant="secondary" size="L" disabled={disabled || !typed.trim()} onClick={add}>
            {text('ops-controls.prefixes.add')}
          </Button>
        </Flex>
        <RemovableTags
          items={items}
          problems={problems}
          listLabel={groupLabel(label, name)}
          empty={empty}
          testId={tagTestId}
          dataKey={dataKey}
          disabled={disabled}
          shown={(item) => item}
          removeLabel={removeLabel}
          onRemove={onRemove}
        />
      </Flex>
    </ControlField>
  );
});
TypedTags.displayName = 'TypedTags';
