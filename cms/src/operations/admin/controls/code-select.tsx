import * as React from 'react';
import { Flex, SingleSelect, SingleSelectOption, Typography } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { type CodeOption } from '../ops-control-values';
import { type Props, ControlField } from './base';

/** A select of another entry's code (ADR 199, 205), with a note under it (why it is empty, or that loading failed). */
export const CodeSelect = React.forwardRef<
  HTMLDivElement,
  Props & {
    error?: string;
    testId: string;
    placeholder: string;
    options: CodeOption[];
    missing: (code: string) => string;
    note: string | null;
    failed: boolean;
    /** When given, a set value can be cleared (an optional link): the clear button's label. */
    clearLabel?: string;
  }
>(({ name, label, hint, required, disabled, error, testId, placeholder, options, missing, note, failed, clearLabel }, ref) => {
  const field = useField<unknown>(name);
  const set = typeof field.value === 'string' && field.value !== '';
  return (
    <ControlField name={name} label={label} hint={hint} error={error} required={required}>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid={testId}>
        <SingleSelect
          aria-label={typeof label === 'string' ? label : name}
          placeholder={placeholder}
          value={set ? (field.value as string) : undefined}
          disabled={disabled}
          {...(clearLabel ? { clearLabel, onClear: set ? () => field.onChange(name, null) : undefined } : {})}
          onChange={(value: string | number) => field.onChange(name, String(value))}
        >
          {options.map((option) => (
            <SingleSelectOption key={option.code} value={option.code}>
              {option.missing ? missing(option.code) : option.label}
            </SingleSelectOption>
          ))}
        </SingleSelect>
        {note ? (
          <Typography variant="pi" textColor={failed ? 'danger600' : 'neutral600'} data-testid={`${testId}-note`}>
            {note}
          </Typography>
        ) : null}
      </Flex>
    </ControlField>
  );
});
CodeSelect.displayName = 'CodeSelect';
