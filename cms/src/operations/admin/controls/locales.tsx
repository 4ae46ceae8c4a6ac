import * as React from 'react';
import { Box, MultiSelect, MultiSelectOption } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { localeChoices, localeProblemsOf, withLocales } from '../ops-control-values';
import { type Props, useText, ControlField } from './base';

/**
 * A carrier's languages as a multi-select with tags (ADR 203): the site's languages, named in the
 * admin's language; stored English first, as the save wants them.
 */
export const LocalesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { locale, text } = useText();
  const chosen = withLocales(field.value, localeChoices(field.value)).filter((l) => Array.isArray(field.value) && field.value.includes(l));
  const problem = field.error ?? localeProblemsOf(field.value ?? []).field[0];
  const named = (code: string) => {
    try {
      return `${new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code} (${code})`;
    } catch {
      return code;
    }
  };
  return (
    <ControlField name={name} label={label} hint={hint} error={problem} required={required}>
      <Box ref={ref} data-testid="ops-locales">
        <MultiSelect
          aria-label={typeof label === 'string' ? label : name}
          placeholder={text('ops-controls.locales.placeholder')}
          value={chosen}
          disabled={disabled}
          withTags
          onChange={(values: string[]) => field.onChange(name, withLocales(field.value, values))}
        >
          {localeChoices(field.value).map((code) => (
            <MultiSelectOption key={code} value={code}>
              {named(code)}
            </MultiSelectOption>
          ))}
        </MultiSelect>
      </Box>
    </ControlField>
  );
});
LocalesInput.displayName = 'LocalesInput';
