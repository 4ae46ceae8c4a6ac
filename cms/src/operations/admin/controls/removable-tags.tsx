import * as React from 'react';
import { Box, Flex, Tag, Typography } from '@strapi/design-system';
import { Cross } from '@strapi/icons';

/**
 * The items of a list value (dates, prefixes) as tags, each with a cross that removes it and, when
 * the save would refuse it, the save's message beside it in the danger colour.
 */
export function RemovableTags(props: {
  items: string[];
  problems: Map<number, string>;
  listLabel: string;
  empty: string;
  testId: string;
  dataKey: string;
  disabled?: boolean;
  shown: (item: string) => string;
  removeLabel: (shown: string) => string;
  onRemove: (item: string) => void;
}) {
  const { items, problems, listLabel, empty, testId, dataKey, disabled, shown, removeLabel, onRemove } = props;
  if (items.length === 0) {
    return (
      <Typography variant="pi" textColor="neutral600">
        {empty}
      </Typography>
    );
  }
  return (
    <Flex gap={2} wrap="wrap" role="list" aria-label={listLabel}>
      {items.map((item, index) => (
        <Box key={`${item}-${index}`} role="listitem" data-testid={testId} {...{ [`data-${dataKey}`]: item }}>
          <Tag
            icon={<Cross aria-hidden />}
            label={removeLabel(shown(item))}
            disabled={disabled}
            onClick={(event) => {
              // The tag's button has no type: without this it would also submit the form.
              event.preventDefault();
              onRemove(item);
            }}
            {...(problems.has(index) ? { background: 'danger100', borderColor: 'danger200' } : {})}
          >
            {shown(item)}
          </Tag>
          {problems.has(index) ? (
            <Typography variant="pi" textColor="danger600" data-testid={`${testId}-problem`}>
              {problems.get(index)}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Flex>
  );
}
