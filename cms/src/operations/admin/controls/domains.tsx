import * as React from 'react';
import { useField } from '@strapi/strapi/admin';
import { domainProblemsOf, prefixesOf, withDomains, withoutDomain } from '../ops-control-values';
import { type Props, useText } from './base';
import { TypedTags } from './typed-tags';

/**
 * A carrier's domains as tags (ADR 203): host names typed (several at once, Enter, the Add button or
 * leaving the box), lower-cased, each checked by the save's own rule, its message under the tag.
 */
export const DomainsInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const { name } = props;
  const field = useField<unknown>(name);
  const { text } = useText();
  const problems = domainProblemsOf(field.value ?? []);
  return (
    <TypedTags
      {...props}
      ref={ref}
      error={field.error ?? problems.field[0]}
      testId="ops-domains"
      tagTestId="ops-domain"
      dataKey="domain"
      items={prefixesOf(field.value)}
      problems={problems.items}
      inputLabel={text('ops-controls.domains.input')}
      placeholder={text('ops-controls.domains.placeholder')}
      empty={text('ops-controls.domains.none')}
      removeLabel={(domain) => text('ops-controls.domains.remove', { domain })}
      onAdd={(typed) => field.onChange(name, withDomains(field.value, typed))}
      onRemove={(domain) => field.onChange(name, withoutDomain(field.value, domain))}
    />
  );
});
DomainsInput.displayName = 'DomainsInput';
