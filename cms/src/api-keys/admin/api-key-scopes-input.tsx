import * as React from 'react';
import { Checkbox, Field, Flex } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { API_KEY_SCOPES } from '@repair/rules/api-key-format';

type Props = { name: string; label?: React.ReactNode; hint?: React.ReactNode; required?: boolean; disabled?: boolean };

/**
 * The scopes of a partner API key as a multi-select (ADR 182): one box per scope the engine knows
 * (packages/rules/api-key-format), stored as the JSON list the feed serves.
 */
export const ApiKeyScopesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<string[]>(name);
  const chosen = Array.isArray(field.value) ? field.value : [];
  const toggle = (scope: string, on: boolean) => {
    const next = API_KEY_SCOPES.filter((s) => (s === scope ? on : chosen.includes(s)));
    field.onChange(name, next);
  };
  return (
    <Field.Root name={name} hint={hint} error={field.error} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="flex-start" gap={2} role="group" aria-label={typeof label === 'string' ? label : name} data-testid="api-key-scopes">
        {API_KEY_SCOPES.map((scope) => (
          <Checkbox key={scope} name={`${name}.${scope}`} checked={chosen.includes(scope)} disabled={disabled} onCheckedChange={(on) => toggle(scope, on === true)}>
            {scope}
          </Checkbox>
        ))}
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
ApiKeyScopesInput.displayName = 'ApiKeyScopesInput';

export default ApiKeyScopesInput;
