import * as React from 'react';
import { useForm } from '@strapi/strapi/admin';
import { type Props, useText } from './base';
import { listOf, useCatalogue, CatalogueTags } from './catalogue-tags';

/**
 * An offering's excluded makes, models or problems (ADR 202): a searchable picker over what the
 * carrier entered in the same form sells, read from the CMS's own admin route; each pick a tag
 * with its name, stored as the code or slug the engine compares.
 */
export const CatalogueExclusionsInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const carrier = useForm('CatalogueExclusionsInput', (state) => (state.values as Record<string, unknown>).carrierCode);
  const { text } = useText();
  const code = typeof carrier === 'string' ? carrier.trim() : '';
  const { lists, failed } = useCatalogue(code);
  const note = !code ? text('ops-controls.exclusions.no-carrier') : failed ? text('ops-controls.exclusions.failed', { carrier: code }) : null;
  return <CatalogueTags {...props} choices={lists?.[listOf(props.name)] ?? null} note={note} failed={failed} forwarded={ref} />;
});
CatalogueExclusionsInput.displayName = 'CatalogueExclusionsInput';
