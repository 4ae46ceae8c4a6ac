import * as React from 'react';
import { Box, Button, Field, Flex, IconButton, TextInput, Typography } from '@strapi/design-system';
import { ArrowDown, ArrowUp, Cross, Plus } from '@strapi/icons';
import { useField } from '@strapi/strapi/admin';
import {
  type LocalizedRowKind,
  localizedRowProblems,
  localizedRowsOf,
  withLocalizedRow,
  withLocalizedRowMoved,
  withLocalizedText,
  withoutLocalizedRow,
} from '../ops-control-values';
import { type Props, useText, groupLabel, ControlField } from './base';

/**
 * A list of localized rows (ADR 217): a problem's symptoms or a triage question's answers. A row per
 * item with its English and German text boxes (and an answer's code), buttons that move a row up or
 * down or remove it, and one that adds an empty row. The save rule's message for a row shows under
 * it before the save (the same rule the document middleware runs); the stored JSON keeps the
 * engine's shape, and a row's other keys stay as they were.
 */
export function LocalizedRows({ kind, name, label, hint, required, disabled, forwarded }: Props & { kind: LocalizedRowKind; forwarded: React.Ref<HTMLDivElement> }) {
  const field = useField<unknown>(name);
  const { text } = useText();
  const rows = localizedRowsOf(kind, field.value);
  const problems = localizedRowProblems(kind, field.value ?? null);
  const rowName = (index: number) => text(`ops-controls.${kind}.row`, { n: String(index + 1) });
  const set = (next: unknown[]) => field.onChange(name, next);
  const box = (index: number, key: 'code' | 'en' | 'de', value: string, placeholder: string) => (
    <Box grow={key === 'code' ? 0 : 1} basis={key === 'code' ? undefined : 0} width={key === 'code' ? '160px' : undefined}>
      <Field.Root name={`${name}.${index}.${key}`}>
        <TextInput
          aria-label={text(`ops-controls.rows.${key}`, { row: rowName(index) })}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          hasError={problems.items.has(index)}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => set(withLocalizedText(kind, field.value, index, key, event.target.value))}
          onKeyDown={(event: React.KeyboardEvent<HTMLInputElement>) => {
            // Enter in a row's box must not submit the whole form.
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </Field.Root>
    </Box>
  );
  return (
    <ControlField name={name} label={label} hint={hint} error={field.error ?? problems.field[0]} required={required}>
      <Flex ref={forwarded} direction="column" alignItems="stretch" gap={2} data-testid={`ops-${kind}`}>
        {rows.length ? (
          // Column headings for the eye; each box has its own name ("Answer 2 in German") for screen readers.
          <Flex gap={2} aria-hidden>
            <Box width="96px" shrink={0} />
            {kind === 'options' ? (
              <Box width="160px">
                <Typography variant="sigma">{text('ops-controls.rows.code-heading')}</Typography>
              </Box>
            ) : null}
            <Box grow={1} basis={0}>
              <Typography variant="sigma">{text('ops-controls.rows.en-heading')}</Typography>
            </Box>
            <Box grow={1} basis={0}>
              <Typography variant="sigma">{text('ops-controls.rows.de-heading')}</Typography>
            </Box>
            <Box width="112px" />
          </Flex>
        ) : null}
        <Flex direction="column" alignItems="stretch" gap={2} role="list" aria-label={groupLabel(label, name)}>
          {rows.map((row, index) => (
            <Box key={index} role="listitem" data-testid={`ops-${kind}-row`} data-row={index + 1}>
              <Flex gap={2} alignItems="center" role="group" aria-label={rowName(index)}>
                <Box width="96px" shrink={0}>
                  <Typography fontWeight="semiBold" textColor={problems.items.has(index) ? 'danger600' : 'neutral800'}>
                    {rowName(index)}
                  </Typography>
                </Box>
                {kind === 'options' ? box(index, 'code', row.code, 'yes') : null}
                {box(index, 'en', row.en, kind === 'options' ? 'Yes' : 'Cracked glass')}
                {box(index, 'de', row.de, kind === 'options' ? 'Ja' : 'Gesprungenes Glas')}
                <Flex gap={2} shrink={0} width="112px">
                  <IconButton
                    type="button"
                    variant="tertiary"
                    withTooltip={false}
                    label={text('ops-controls.rows.up', { row: rowName(index) })}
                    disabled={disabled || index === 0}
                    onClick={() => set(withLocalizedRowMoved(field.value, index, -1))}
                  >
                    <ArrowUp />
                  </IconButton>
                  <IconButton
                    type="button"
                    variant="tertiary"
                    withTooltip={false}
                    label={text('ops-controls.rows.down', { row: rowName(index) })}
                    disabled={disabled || index === rows.length - 1}
                    onClick={() => set(withLocalizedRowMoved(field.value, index, 1))}
                  >
                    <ArrowDown />
                  </IconButton>
                  <IconButton
                    type="button"
                    variant="tertiary"
                    withTooltip={false}
                    label={text('ops-controls.rows.remove', { row: rowName(index) })}
                    disabled={disabled}
                    onClick={() => set(withoutLocalizedRow(field.value, index))}
                  >
                    <Cross />
                  </IconButton>
                </Flex>
              </Flex>
              {problems.items.has(index) ? (
                <Typography variant="pi" textColor="danger600" data-testid={`ops-${kind}-problem`}>
                  {problems.items.get(index)}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Flex>
        {rows.length === 0 ? (
          <Typography variant="pi" textColor="neutral600" data-testid={`ops-${kind}-none`}>
            {text(`ops-controls.${kind}.none`)}
          </Typography>
        ) : null}
        <Box>
          <Button type="button" variant="secondary" startIcon={<Plus />} disabled={disabled} onClick={() => set(withLocalizedRow(kind, field.value))}>
            {text(`ops-controls.${kind}.add`)}
          </Button>
        </Box>
      </Flex>
    </ControlField>
  );
}
