import * as React from 'react';
import { Typography } from '@strapi/design-system';
import { useField, useForm } from '@strapi/strapi/admin';
import { prefixFormat, prefixProblems, prefixesOf, withPrefixes, withoutPrefix } from '../ops-control-values';
import { type Props, useText } from './base';
import { TypedTags } from './typed-tags';

/**
 * A service area's postcode prefixes as tags: typed (several at once, Enter, the Add button or
 * leaving the box), upper-cased, checked against the country chosen in the same form, whose
 * format the control shows.
 */
export const PostcodePrefixesInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const { name } = props;
  const field = useField<unknown>(name);
  const country = useForm('PostcodePrefixesInput', (state) => (state.values as Record<string, unknown>).country);
  const { text } = useText();
  const format = prefixFormat(country);
  const problems = prefixProblems(field.value ?? [], country);
  return (
    <TypedTags
      {...props}
      ref={ref}
      error={field.error ?? problems.field[0]}
      before={
        <Typography variant="pi" textColor="neutral600" data-testid="ops-postcode-format">
          {format ? text('ops-controls.prefixes.format', { country: String(country), format }) : text('ops-controls.prefixes.no-country')}
        </Typography>
      }
      testId="ops-postcode-prefixes"
      tagTestId="ops-postcode-prefix"
      dataKey="prefix"
      items={prefixesOf(field.value)}
      problems={problems.items}
      inputLabel={text('ops-controls.prefixes.input')}
      placeholder={text('ops-controls.prefixes.placeholder')}
      empty={text('ops-controls.prefixes.none')}
      removeLabel={(prefix) => text('ops-controls.prefixes.remove', { prefix })}
      onAdd={(typed) => field.onChange(name, withPrefixes(field.value, typed))}
      onRemove={(prefix) => field.onChange(name, withoutPrefix(field.value, prefix))}
    />
  );
});
PostcodePrefixesInput.displayName = 'PostcodePrefixesInput';
