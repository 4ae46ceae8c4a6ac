import * as React from 'react';
import { Box, Checkbox, Flex, Typography } from '@strapi/design-system';

/** A box per choice; a choice that does not exist (any more) is marked, and unticking it removes it. */
export function ChoiceBoxes(props: {
  name: string;
  choices: { value: string; on: boolean; label: string; missing?: string }[];
  listLabel: string;
  testId: string;
  disabled?: boolean;
  onToggle: (value: string, on: boolean) => void;
}) {
  const { name, choices, listLabel, testId, disabled, onToggle } = props;
  return (
    <Flex direction="column" alignItems="flex-start" gap={2} role="group" aria-label={listLabel}>
      {choices.map((choice) => (
        <Box key={choice.value} data-testid={testId} data-value={choice.value} data-on={choice.on ? 'true' : 'false'}>
          <Checkbox name={`${name}.${choice.value}`} checked={choice.on} disabled={disabled} onCheckedChange={(on) => onToggle(choice.value, on === true)}>
            {choice.label}
          </Checkbox>
          {choice.missing ? (
            <Typography variant="pi" textColor="danger600" data-testid={`${testId}-missing`}>
              {choice.missing}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Flex>
  );
}
