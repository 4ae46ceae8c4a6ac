import * as React from 'react';
import { useField } from '@strapi/strapi/admin';
import { slugListProblems } from '../../ops-rules';
import { type Props, useText } from './base';
import { listOf, useCatalogue, CatalogueTags } from './catalogue-tags';

/**
 * A catalogue model's problems or a triage question's models (ADR 202): a searchable picker over
 * the whole catalogue, stored as the codes or slugs, with the save's own list rule (at least one).
 */
export const CatalogueCodesInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const field = useField<unknown>(props.name);
  const { text } = useText();
  const { lists, failed } = useCatalogue(null);
  const kind = listOf(props.name);
  const problem = slugListProblems({ [props.name]: field.value ?? [] }, props.name, kind === 'models' ? 'Models' : 'Problems', { required: true })[0]?.message;
  return (
    <CatalogueTags {...props} choices={lists?.[kind] ?? null} note={failed ? text('ops-controls.catalogue.failed') : null} failed={failed} problem={problem} forwarded={ref} />
  );
});
CatalogueCodesInput.displayName = 'CatalogueCodesInput';
