import * as React from 'react';
import { Combobox, ComboboxOption, Flex } from '@strapi/design-system';
import { useFetchClient, useField } from '@strapi/strapi/admin';
import { type CatalogueChoice, choiceLabel, pickable, textsOf, withListed } from '../ops-control-values';
import { type Props, useText, groupLabel, ControlField } from './base';
import { RemovableTags } from './removable-tags';
import { Note } from './carrier-rows';

/** The catalogue list a picker picks from, by the field's name. */
const CATALOGUE_LISTS = { excludedMakes: 'makes', excludedModels: 'models', excludedProblems: 'problems', problems: 'problems', models: 'models' } as const;
type CatalogueLists = Record<(typeof CATALOGUE_LISTS)[keyof typeof CATALOGUE_LISTS], CatalogueChoice[]>;
export const listOf = (name: string) => CATALOGUE_LISTS[name as keyof typeof CATALOGUE_LISTS] ?? 'problems';

/**
 * The catalogue's names and codes from the CMS's admin route (ADR 202): for one carrier (what it
 * sells) or, with no carrier asked for, the whole catalogue. `lists` null until they arrive or when
 * they could not be read (`failed`).
 */
export function useCatalogue(carrier: string | null) {
  const { get } = useFetchClient();
  const key = carrier ?? '';
  const [loaded, setLoaded] = React.useState<{ key: string; lists: CatalogueLists | null } | null>(null);
  React.useEffect(() => {
    if (carrier === '') return undefined;
    let live = true;
    const timer = setTimeout(
      () => {
        get<CatalogueLists>(carrier ? `/admin/ops-controls/catalogue/${encodeURIComponent(carrier)}` : '/admin/ops-controls/catalogue')
          .then(({ data }) => live && setLoaded({ key, lists: data }))
          .catch(() => live && setLoaded({ key, lists: null }));
      },
      carrier ? 300 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [carrier, key, get]);
  const mine = loaded && loaded.key === key ? loaded : null;
  return { lists: mine?.lists ?? null, failed: !!mine && !mine.lists };
}

/**
 * A searchable picker over catalogue entries whose picks are tags with their names, stored as the
 * codes or slugs (ADR 202); a stored code not among the choices stays a tag, marked.
 */
export function CatalogueTags(props: Props & { choices: CatalogueChoice[] | null; note: string | null; failed: boolean; problem?: string; forwarded: React.Ref<HTMLDivElement> }) {
  const { name, label, hint, required, disabled, choices, note, failed, problem, forwarded } = props;
  const field = useField<unknown>(name);
  const { text } = useText();
  const [typed, setTyped] = React.useState('');
  const kind = listOf(name);
  const known = new Map((choices ?? []).map((c) => [c.code, c]));
  const items = textsOf(field.value);
  const problems = new Map<number, string>();
  if (choices) items.forEach((item, index) => !known.has(item) && problems.set(index, text('ops-controls.exclusions.missing', { code: item })));
  return (
    <ControlField name={name} label={label} hint={hint} error={field.error ?? problem} required={required}>
      <Flex ref={forwarded} direction="column" alignItems="stretch" gap={2} data-testid={`ops-catalogue-${name}`}>
        <Combobox
          aria-label={text(`ops-controls.${name.startsWith('excluded') ? 'exclusions' : 'catalogue'}.search-${kind}`)}
          placeholder={text(`ops-controls.${name.startsWith('excluded') ? 'exclusions' : 'catalogue'}.search-${kind}`)}
          disabled={disabled || !choices}
          autocomplete="none"
          textValue={typed}
          onTextValueChange={setTyped}
          value=""
          noOptionsMessage={() => text('ops-controls.exclusions.no-match')}
          onChange={(picked?: string) => {
            if (!picked) return;
            field.onChange(name, withListed(field.value, picked, true));
            setTyped('');
          }}
        >
          {pickable(choices ?? [], field.value, typed).map((choice) => (
            <ComboboxOption key={choice.code} value={choice.code}>
              {choiceLabel(choice, choice.code)}
            </ComboboxOption>
          ))}
        </Combobox>
        <Note text={note} failed={failed} testId="ops-exclusions-note" />
        <RemovableTags
          items={items}
          problems={problems}
          listLabel={groupLabel(label, name)}
          empty={text(name.startsWith('excluded') ? 'ops-controls.exclusions.none' : 'ops-controls.catalogue.none')}
          testId="ops-exclusion"
          dataKey="code"
          disabled={disabled}
          shown={(item) => choiceLabel(known.get(item), item)}
          removeLabel={(shown) => text(name.startsWith('excluded') ? 'ops-controls.exclusions.remove' : 'ops-controls.catalogue.remove', { name: shown })}
          onRemove={(item) => field.onChange(name, withListed(field.value, item, false))}
        />
      </Flex>
    </ControlField>
  );
}
