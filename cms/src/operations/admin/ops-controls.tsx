import * as React from 'react';
import {
  Box,
  Button,
  Checkbox,
  Combobox,
  ComboboxOption,
  DatePicker,
  Field,
  Flex,
  IconButton,
  MultiSelect,
  MultiSelectOption,
  SingleSelect,
  SingleSelectOption,
  Tag,
  TextInput,
  TimePicker,
  Typography,
} from '@strapi/design-system';
import { ArrowDown, ArrowUp, Cross, Plus } from '@strapi/icons';
import { unstable_useContentManagerContext as useContentManagerContext, useFetchClient, useField, useForm } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { DEVICE_KINDS, deviceTypesProblems, idListProblems, slugListProblems } from '../ops-rules';
import { OPS_CONTROL_MESSAGES, type OpsControlMessageId } from './ops-control-messages';
import {
  type CodeOption,
  WEEKDAYS,
  type CatalogueChoice,
  choiceLabel,
  codeChoices,
  pickable,
  codeOptions,
  permissionChoices,
  idChoices,
  rowsByCode,
  withDeviceKind,
  withId,
  textsOf,
  staffFieldProblems,
  staffAreaProblem,
  withListed,
  withPermission,
  dayOf,
  datesOf,
  hoursTableOf,
  domainProblemsOf,
  localeChoices,
  localeProblemsOf,
  referrerProblemsOf,
  referrerRowsOf,
  isoDay,
  openingHoursFieldProblems,
  prefixFormat,
  prefixProblems,
  prefixesOf,
  rosterFieldProblems,
  weekdaysOf,
  withDate,
  withDayHours,
  withDomains,
  withLocales,
  withReferrer,
  withoutReferrer,
  withoutDomain,
  withPrefixes,
  withWeekday,
  withoutDate,
  withoutPrefix,
  type LocalizedRowKind,
  localizedRowProblems,
  localizedRowsOf,
  withLocalizedRow,
  withLocalizedRowMoved,
  withLocalizedText,
  withoutLocalizedRow,
} from './ops-control-values';

/**
 * The operations controls (ADR 197, 198): each edits a JSON value of a custom field with a control
 * made for it and stores exactly the JSON the engine feed serves. Under the control: the server's
 * own message for what the save would refuse (the same rule functions), and after a refused save
 * the message the save gave.
 */

type Props = { name: string; label?: React.ReactNode; hint?: React.ReactNode; required?: boolean; disabled?: boolean };

function useText() {
  const intl = useIntl();
  return {
    locale: intl.locale,
    text: (id: OpsControlMessageId, values?: Record<string, string>) => intl.formatMessage({ id, defaultMessage: OPS_CONTROL_MESSAGES[id].en }, values),
  };
}

/** A weekday's name in the admin's language (1 January 2024 was a Monday: day d of the week is 2024-01-0d). */
const weekdayName = (locale: string, day: number) => new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(new Date(2024, 0, day));

const groupLabel = (label: React.ReactNode, name: string) => (typeof label === 'string' ? label : name);

/**
 * The items of a list value (dates, prefixes) as tags, each with a cross that removes it and, when
 * the save would refuse it, the save's message beside it in the danger colour.
 */
function RemovableTags(props: {
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

/**
 * A list value typed as tags (postcode prefixes, domains): a box that takes several at once (Enter,
 * a comma, the Add button or leaving the box), the tags with their crosses and, under a tag the save
 * would refuse, the save's message. `before` is shown above the box (the prefixes' format).
 */
const TypedTags = React.forwardRef<
  HTMLDivElement,
  Props & {
    error?: string;
    before?: React.ReactNode;
    testId: string;
    tagTestId: string;
    dataKey: string;
    items: string[];
    problems: Map<number, string>;
    inputLabel: string;
    placeholder: string;
    empty: string;
    removeLabel: (item: string) => string;
    onAdd: (typed: string) => void;
    onRemove: (item: string) => void;
  }
>(({ name, label, hint, required, disabled, error, before, testId, tagTestId, dataKey, items, problems, inputLabel, placeholder, empty, removeLabel, onAdd, onRemove }, ref) => {
  const { text } = useText();
  const [typed, setTyped] = React.useState('');
  const add = () => {
    if (!typed.trim()) return;
    onAdd(typed);
    setTyped('');
  };
  return (
    <Field.Root name={name} hint={hint} error={error} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid={testId}>
        {before}
        <Flex gap={2} alignItems="flex-start">
          <Box grow={1}>
            <TextInput
              aria-label={inputLabel}
              placeholder={placeholder}
              value={typed}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => setTyped(event.target.value)}
              onKeyDown={(event: React.KeyboardEvent<HTMLInputElement>) => {
                // Enter adds the tags; it must not submit the whole form.
                if (event.key === 'Enter' || event.key === ',') {
                  event.preventDefault();
                  add();
                }
              }}
              onBlur={add}
            />
          </Box>
          <Button variant="secondary" size="L" disabled={disabled || !typed.trim()} onClick={add}>
            {text('ops-controls.prefixes.add')}
          </Button>
        </Flex>
        <RemovableTags
          items={items}
          problems={problems}
          listLabel={groupLabel(label, name)}
          empty={empty}
          testId={tagTestId}
          dataKey={dataKey}
          disabled={disabled}
          shown={(item) => item}
          removeLabel={removeLabel}
          onRemove={onRemove}
        />
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
TypedTags.displayName = 'TypedTags';

/** A select of another entry's code (ADR 199, 205), with a note under it (why it is empty, or that loading failed). */
const CodeSelect = React.forwardRef<
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
    <Field.Root name={name} hint={hint} error={error} required={required}>
      <Field.Label>{label}</Field.Label>
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
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
CodeSelect.displayName = 'CodeSelect';

/** A roster's working weekdays: one checkbox per day, Monday first, named in the admin's language. */
export const WeekdaysInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { locale } = useText();
  const chosen = weekdaysOf(field.value);
  const dayName = (day: number) => weekdayName(locale, day);
  const problem = field.error ?? rosterFieldProblems('workingWeekdays', field.value ?? []).field[0];
  return (
    <Field.Root name={name} hint={hint} error={problem} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} gap={4} wrap="wrap" role="group" aria-label={groupLabel(label, name)} data-testid="ops-weekdays">
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day}
            name={`${name}.${day}`}
            checked={chosen.includes(day)}
            disabled={disabled}
            onCheckedChange={(on) => field.onChange(name, withWeekday(field.value, day, on === true))}
          >
            {dayName(day)}
          </Checkbox>
        ))}
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
WeekdaysInput.displayName = 'WeekdaysInput';

/** Closed dates: a date picker adds a day, each day shown in the admin's language with a remove button. */
export const DatesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { locale, text } = useText();
  // The picker starts empty again after each pick.
  const [picker, setPicker] = React.useState(0);
  const dates = datesOf(field.value);
  const problems = rosterFieldProblems('closedDates', field.value ?? null);
  const shown = (iso: string) => {
    const day = dayOf(iso);
    return day ? new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }).format(day) : iso;
  };
  return (
    <Field.Root name={name} hint={hint} error={field.error ?? problems.field[0]} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-dates">
        <DatePicker
          key={picker}
          aria-label={text('ops-controls.dates.pick')}
          placeholder={text('ops-controls.dates.pick')}
          calendarLabel={text('ops-controls.dates.calendar')}
          locale={locale}
          disabled={disabled}
          onChange={(date) => {
            if (!date) return;
            field.onChange(name, withDate(field.value, isoDay(date)));
            setPicker((n) => n + 1);
          }}
        />
        <RemovableTags
          items={dates}
          problems={problems.items}
          listLabel={groupLabel(label, name)}
          empty={text('ops-controls.dates.none')}
          testId="ops-date"
          dataKey="date"
          disabled={disabled}
          shown={shown}
          removeLabel={(date) => text('ops-controls.dates.remove', { date })}
          onRemove={(iso) => field.onChange(name, withoutDate(field.value, iso))}
        />
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
DatesInput.displayName = 'DatesInput';

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

const SERVICE_AREA_UID = 'api::ops-service-area.ops-service-area';
const STORE_UID = 'api::ops-store.ops-store';
const TECHNICIAN_UID = 'api::ops-technician.ops-technician';

/** What a picker of the carrier's entries says under it: enter the carrier first, the entries could not be read, or the carrier has none yet. */
function carrierNote(text: ReturnType<typeof useText>['text'], key: 'area' | 'stores' | 'technician', code: string, failed: boolean, empty: boolean): string | null {
  if (!code) return text(`ops-controls.${key}.no-carrier`);
  if (failed) return text(`ops-controls.${key}.failed`);
  return empty ? text(`ops-controls.${key}.none`, { carrier: code }) : null;
}

/** A note under a control, in the danger colour when the choices could not be read. */
function Note({ text, failed, testId }: { text: string | null; failed: boolean; testId: string }) {
  if (!text) return null;
  return (
    <Typography variant="pi" textColor={failed ? 'danger600' : 'neutral600'} data-testid={testId}>
      {text}
    </Typography>
  );
}

/**
 * The entries of one type of the carrier entered in the same form, read through the admin's own
 * API, so only entries of carriers the user may edit are listed (ADR 199): `rows` null until they
 * arrive for the code now in the form.
 */
function useCarrierRows(component: string, uid: string, sort: string) {
  const carrier = useForm(component, (state) => (state.values as Record<string, unknown>).carrierCode);
  const { get } = useFetchClient();
  const [loaded, setLoaded] = React.useState<{ code: string; rows: unknown[]; failed: boolean } | null>(null);
  const code = typeof carrier === 'string' ? carrier.trim() : '';
  React.useEffect(() => {
    if (!code) return undefined;
    let live = true;
    // Typed codes settle before the entries are asked for.
    const timer = setTimeout(() => {
      get<{ results?: unknown[] }>(`/content-manager/collection-types/${uid}`, { params: { filters: { carrierCode: { $eq: code } }, pageSize: 100, sort } })
        .then(({ data }) => live && setLoaded({ code, rows: data.results ?? [], failed: false }))
        .catch(() => live && setLoaded({ code, rows: [], failed: true }));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code, get, uid, sort]);
  const mine = loaded && loaded.code === code ? loaded : null;
  return { code, rows: mine && !mine.failed ? mine.rows : null, failed: !!mine?.failed };
}

/**
 * A technician's service area as a select of the areas of the carrier entered in the same form
 * (ADR 199), read through the admin's own API, so only areas of carriers the user may edit are
 * listed. The stored value stays the area's code.
 */
export const ServiceAreaCodeInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const { name } = props;
  const field = useField<unknown>(name);
  const { text } = useText();
  const { code, rows, failed } = useCarrierRows('ServiceAreaCodeInput', SERVICE_AREA_UID, 'name:asc');
  const options: CodeOption[] = codeOptions(rows ?? [], field.value);
  const listed = options.filter((o) => !o.missing).length;
  const note = carrierNote(text, 'area', code, failed, !!rows && listed === 0);
  // A staff account (its form has a role) gets the staff save rule's message before the save: an
  // area manager or technician needs an area (ADR 218).
  const entry = useEntry('ServiceAreaCodeInput');
  const problem =
    rows && 'role' in entry
      ? staffAreaProblem(
          entry,
          options.filter((o) => !o.missing).map((o) => o.code),
        )
      : undefined;
  return (
    <CodeSelect
      {...props}
      ref={ref}
      error={field.error ?? problem}
      clearLabel={props.required ? undefined : text('ops-controls.area.clear')}
      testId="ops-area-code"
      placeholder={text('ops-controls.area.placeholder')}
      options={options}
      missing={(missing) => text('ops-controls.area.missing', { code: missing })}
      note={note}
      failed={failed}
    />
  );
});
ServiceAreaCodeInput.displayName = 'ServiceAreaCodeInput';

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
    <Field.Root name={name} hint={hint} error={problem} required={required}>
      <Field.Label>{label}</Field.Label>
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
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
LocalesInput.displayName = 'LocalesInput';

/**
 * The carrier of an entry (`carrierCode`) as a select of the carriers the user may make entries of
 * this type for (ADR 205): the admin's route applies the same fence as the save, so an editor is
 * offered the carriers they edit and operations staff those they operate. The stored value stays
 * the carrier's code; a stored code not among the choices stays one, marked.
 */
export const CarrierCodeInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const { name } = props;
  const field = useField<unknown>(name);
  const { model } = useContentManagerContext();
  const { get } = useFetchClient();
  const { text } = useText();
  const [loaded, setLoaded] = React.useState<{ rows: unknown[]; failed: boolean } | null>(null);
  React.useEffect(() => {
    let live = true;
    get<{ carriers?: unknown[] }>('/admin/carrier-choices', { params: { uid: model } })
      .then(({ data }) => live && setLoaded({ rows: data.carriers ?? [], failed: false }))
      .catch(() => live && setLoaded({ rows: [], failed: true }));
    return () => {
      live = false;
    };
  }, [model, get]);
  const options: CodeOption[] = codeOptions(loaded?.rows ?? [], field.value);
  const note = loaded?.failed ? text('ops-controls.carrier.failed') : loaded && options.every((o) => o.missing) ? text('ops-controls.carrier.none') : null;
  return (
    <CodeSelect
      {...props}
      ref={ref}
      error={field.error}
      testId="ops-carrier-code"
      placeholder={text('ops-controls.carrier.placeholder')}
      options={options}
      missing={(code) => text('ops-controls.carrier.missing', { code })}
      note={note}
      failed={!!loaded?.failed}
    />
  );
});
CarrierCodeInput.displayName = 'CarrierCodeInput';

/**
 * A carrier's referrer brands (ADR 135, 203): each referrer code with the brand's catalogue id as a
 * row with a cross; a new one from two boxes and Add (the same code again replaces its brand). A row
 * the save would refuse shows the save's message under it.
 */
export const ReferrerMakesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const [code, setCode] = React.useState('');
  const [make, setMake] = React.useState('');
  const rows = referrerRowsOf(field.value);
  const problems = referrerProblemsOf(field.value ?? null);
  const brandOf = new Map(rows.map((row) => [row.code, row.make]));
  const add = () => {
    if (!code.trim() || !make.trim()) return;
    field.onChange(name, withReferrer(field.value, code, make));
    setCode('');
    setMake('');
  };
  const onEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the row; it must not submit the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <Field.Root name={name} hint={hint} error={field.error ?? problems.field[0]} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-referrer-makes">
        <Flex gap={2} alignItems="flex-start">
          <Box grow={1}>
            <TextInput
              aria-label={text('ops-controls.referrers.code')}
              placeholder="samsung"
              value={code}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => setCode(event.target.value)}
              onKeyDown={onEnter}
            />
          </Box>
          <Box grow={1}>
            <TextInput
              aria-label={text('ops-controls.referrers.make')}
              placeholder="1"
              inputMode="numeric"
              value={make}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => setMake(event.target.value)}
              onKeyDown={onEnter}
            />
          </Box>
          <Button variant="secondary" size="L" disabled={disabled || !code.trim() || !make.trim()} onClick={add}>
            {text('ops-controls.prefixes.add')}
          </Button>
        </Flex>
        <RemovableTags
          items={rows.map((row) => row.code)}
          problems={problems.items}
          listLabel={groupLabel(label, name)}
          empty={text('ops-controls.referrers.none')}
          testId="ops-referrer-make"
          dataKey="referrer"
          disabled={disabled}
          shown={(referrer) => text('ops-controls.referrers.row', { code: referrer, make: brandOf.get(referrer) ?? '' })}
          removeLabel={(row) => text('ops-controls.referrers.remove', { row })}
          onRemove={(referrer) => field.onChange(name, withoutReferrer(field.value, referrer))}
        />
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
ReferrerMakesInput.displayName = 'ReferrerMakesInput';

/**
 * A store's opening hours as a week table (ADR 200): per day a "Closed" tick and, when open, the
 * opening and closing time picked or typed (HH:MM). Stored as the engine's entries, open days with
 * equal times grouped; the save rule's messages show beside the day they concern.
 */
export const OpeningHoursInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { locale, text } = useText();
  const rows = hoursTableOf(field.value);
  const problems = openingHoursFieldProblems(field.value);
  const dayName = (day: number) => weekdayName(locale, day);
  const change = (day: number, what: { open?: boolean; opens?: string; closes?: string }) => field.onChange(name, withDayHours(field.value, day, what));
  const time = (day: number, which: 'opens' | 'closes', value: string) => (
    <Box width="140px">
      <Field.Root name={`${name}.${day}.${which}`}>
        <TimePicker
          aria-label={text(`ops-controls.hours.${which}`, { day: dayName(day) })}
          value={value || undefined}
          step={15}
          size="S"
          hasError={problems.flagged.has(day)}
          disabled={disabled}
          onChange={(picked?: string) => {
            if (picked) change(day, { [which]: picked });
          }}
        />
      </Field.Root>
    </Box>
  );
  return (
    <Field.Root name={name} hint={hint} error={field.error ?? problems.field[0]} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} role="group" aria-label={groupLabel(label, name)} data-testid="ops-opening-hours">
        {rows.map((row) => (
          <Box key={row.day} data-testid="ops-hours-day" data-day={row.day} data-open={row.open ? 'true' : 'false'}>
            <Flex gap={3} alignItems="center" wrap="wrap" role="group" aria-label={dayName(row.day)}>
              <Box minWidth="110px">
                <Typography fontWeight="semiBold" textColor={problems.flagged.has(row.day) ? 'danger600' : 'neutral800'}>
                  {dayName(row.day)}
                </Typography>
              </Box>
              <Box minWidth="110px">
                <Checkbox
                  name={`${name}.${row.day}.closed`}
                  aria-label={text('ops-controls.hours.closed-day', { day: dayName(row.day) })}
                  checked={!row.open}
                  disabled={disabled}
                  onCheckedChange={(on) => change(row.day, { open: on !== true })}
                >
                  {text('ops-controls.hours.closed')}
                </Checkbox>
              </Box>
              {row.open ? (
                <>
                  {time(row.day, 'opens', row.opens)}
                  <Typography aria-hidden>–</Typography>
                  {time(row.day, 'closes', row.closes)}
                </>
              ) : null}
            </Flex>
            {(problems.days.get(row.day) ?? []).map((message) => (
              <Typography key={message} variant="pi" textColor="danger600" data-testid="ops-hours-problem">
                {message}
              </Typography>
            ))}
          </Box>
        ))}
        {rows.every((row) => !row.open) ? (
          <Typography variant="pi" textColor="neutral600" data-testid="ops-hours-none">
            {text('ops-controls.hours.none')}
          </Typography>
        ) : null}
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
OpeningHoursInput.displayName = 'OpeningHoursInput';

type Entry = Record<string, unknown>;
const useEntry = (component: string) => useForm(component, (state) => state.values as Entry);

/** A box per choice; a choice that does not exist (any more) is marked, and unticking it removes it. */
function ChoiceBoxes(props: {
  name: string;
  choices: { value: string; on: boolean; label: string; missing?: string }[];
  listLabel: string;
  testId: string;
  disabled?: boolean;
  onToggle: (value: string, on: boolean) => void;
}) {
  const { name, choices, listLabel, testId, disabled, onToggle } = props;
  return (
    <Flex direction="column" alignItems="flex-start" gap={2} role="group" aria-label={listLabel}>
      {choices.map((choice) => (
        <Box key={choice.value} data-testid={testId} data-value={choice.value} data-on={choice.on ? 'true' : 'false'}>
          <Checkbox name={`${name}.${choice.value}`} checked={choice.on} disabled={disabled} onCheckedChange={(on) => onToggle(choice.value, on === true)}>
            {choice.label}
          </Checkbox>
          {choice.missing ? (
            <Typography variant="pi" textColor="danger600" data-testid={`${testId}-missing`}>
              {choice.missing}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Flex>
  );
}

/**
 * A staff account's role or company permissions as a box per permission the app knows (ADR 201),
 * each named with what it opens, in the admin's language; stored as the same list of tags.
 */
export const PermissionsInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const entry = useEntry('PermissionsInput');
  const { text } = useText();
  const problem = field.error ?? staffFieldProblems(name === 'companyPermissions' ? 'companyPermissions' : 'rolePermissions', entry, null)[0];
  const choices = permissionChoices(field.value).map((choice) => ({
    value: choice.value,
    on: choice.on,
    label: choice.known ? `${text(`ops-controls.permission.${choice.value}` as OpsControlMessageId)} (${choice.value})` : choice.value,
    missing: choice.known ? undefined : text('ops-controls.permissions.unknown', { tag: choice.value }),
  }));
  return (
    <Field.Root name={name} hint={hint} error={problem} required={required}>
      <Field.Label>{label}</Field.Label>
      <Box ref={ref} data-testid="ops-permissions">
        <ChoiceBoxes
          name={name}
          choices={choices}
          listLabel={groupLabel(label, name)}
          testId="ops-permission"
          disabled={disabled}
          onToggle={(tag, on) => field.onChange(name, withPermission(field.value, tag, on))}
        />
      </Box>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
PermissionsInput.displayName = 'PermissionsInput';

/**
 * A staff account's stores as a box per store of the carrier entered in the same form (ADR 201),
 * read through the admin's own API (only carriers the user may edit); stored as the list of codes.
 */
export const StoreCodesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const entry = useEntry('StoreCodesInput');
  const { text } = useText();
  const { code, rows, failed } = useCarrierRows('StoreCodesInput', STORE_UID, 'name:asc');
  const choices = codeChoices(rows ?? [], field.value);
  const storeCodes = rows ? codeOptions(rows, undefined).map((o) => o.code) : null;
  const problem = field.error ?? staffFieldProblems('storeCodes', entry, storeCodes)[0];
  const listed = choices.filter((c) => !c.missing).length;
  const note = carrierNote(text, 'stores', code, failed, !!rows && listed === 0);
  return (
    <Field.Root name={name} hint={hint} error={problem} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-store-codes">
        <ChoiceBoxes
          name={name}
          choices={choices.map((c) => ({
            value: c.code,
            on: c.on,
            label: c.label,
            missing: c.missing && rows ? text('ops-controls.stores.missing', { code: c.code, carrier: code }) : undefined,
          }))}
          listLabel={groupLabel(label, name)}
          testId="ops-store-code"
          disabled={disabled}
          onToggle={(store, on) => field.onChange(name, withListed(field.value, store, on))}
        />
        <Note text={note} failed={failed} testId="ops-store-codes-note" />
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
StoreCodesInput.displayName = 'StoreCodesInput';

/**
 * A staff account's technician as a select of the technicians of the carrier entered in the same
 * form (ADR 201, the pattern of ADR 199); the cross clears it (only technicians have one). The
 * stored value stays the technician's code.
 */
export const TechnicianCodeInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const { code, rows, failed } = useCarrierRows('TechnicianCodeInput', TECHNICIAN_UID, 'name:asc');
  const options = codeOptions(rows ? rowsByCode(rows, 'technicianId') : [], field.value);
  const listed = options.filter((o) => !o.missing).length;
  const note = carrierNote(text, 'technician', code, failed, !!rows && listed === 0);
  const value = typeof field.value === 'string' && field.value ? field.value : undefined;
  return (
    <Field.Root name={name} hint={hint} error={field.error} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-technician-code">
        <SingleSelect
          aria-label={groupLabel(label, name)}
          placeholder={text('ops-controls.technician.placeholder')}
          value={value}
          disabled={disabled}
          clearLabel={text('ops-controls.technician.clear')}
          onClear={value ? () => field.onChange(name, null) : undefined}
          onChange={(picked: string | number) => field.onChange(name, String(picked))}
        >
          {options.map((option) => (
            <SingleSelectOption key={option.code} value={option.code}>
              {option.missing ? text('ops-controls.technician.missing', { code: option.code }) : option.label}
            </SingleSelectOption>
          ))}
        </SingleSelect>
        <Note text={note} failed={failed} testId="ops-technician-code-note" />
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
TechnicianCodeInput.displayName = 'TechnicianCodeInput';

/** The catalogue list a picker picks from, by the field's name. */
const CATALOGUE_LISTS = { excludedMakes: 'makes', excludedModels: 'models', excludedProblems: 'problems', problems: 'problems', models: 'models' } as const;
type CatalogueLists = Record<(typeof CATALOGUE_LISTS)[keyof typeof CATALOGUE_LISTS], CatalogueChoice[]>;
const listOf = (name: string) => CATALOGUE_LISTS[name as keyof typeof CATALOGUE_LISTS] ?? 'problems';

/**
 * The catalogue's names and codes from the CMS's admin route (ADR 202): for one carrier (what it
 * sells) or, with no carrier asked for, the whole catalogue. `lists` null until they arrive or when
 * they could not be read (`failed`).
 */
function useCatalogue(carrier: string | null) {
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
function CatalogueTags(props: Props & { choices: CatalogueChoice[] | null; note: string | null; failed: boolean; problem?: string; forwarded: React.Ref<HTMLDivElement> }) {
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
    <Field.Root name={name} hint={hint} error={field.error ?? problem} required={required}>
      <Field.Label>{label}</Field.Label>
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
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}

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

/** A catalogue model's makes: a box per make of the catalogue, stored as the make ids (ADR 202). */
export const MakeIdsInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const { lists, failed } = useCatalogue(null);
  const problem = field.error ?? idListProblems({ [name]: field.value ?? [] }, name, 'Make ids')[0]?.message;
  const choices = idChoices(lists?.makes ?? [], field.value).map((c) => ({
    value: String(c.id),
    on: c.on,
    label: c.label,
    missing: c.missing && lists ? text('ops-controls.catalogue.missing-make', { id: String(c.id) }) : undefined,
  }));
  return (
    <Field.Root name={name} hint={hint} error={problem} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid="ops-make-ids">
        <ChoiceBoxes
          name={name}
          choices={choices}
          listLabel={groupLabel(label, name)}
          testId="ops-make-id"
          disabled={disabled}
          onToggle={(id, on) => field.onChange(name, withId(field.value, Number(id), on))}
        />
        {failed ? (
          <Typography variant="pi" textColor="danger600">
            {text('ops-controls.catalogue.failed')}
          </Typography>
        ) : null}
      </Flex>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
MakeIdsInput.displayName = 'MakeIdsInput';

/** A catalogue extra's device types: a box per kind of device, in the admin's language, stored as the same words (ADR 202). */
export const DeviceTypesInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { text } = useText();
  const stored = textsOf(field.value);
  const problem = field.error ?? deviceTypesProblems({ [name]: field.value ?? [] })[0]?.message;
  return (
    <Field.Root name={name} hint={hint} error={problem} required={required}>
      <Field.Label>{label}</Field.Label>
      <Box ref={ref} data-testid="ops-device-types">
        <ChoiceBoxes
          name={name}
          choices={DEVICE_KINDS.map((kind) => ({ value: kind, on: stored.includes(kind), label: text(`ops-controls.device.${kind}`) }))}
          listLabel={groupLabel(label, name)}
          testId="ops-device-type"
          disabled={disabled}
          onToggle={(kind, on) => field.onChange(name, withDeviceKind(field.value, kind, on))}
        />
      </Box>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
});
DeviceTypesInput.displayName = 'DeviceTypesInput';

/**
 * A list of localized rows (ADR 217): a problem's symptoms or a triage question's answers. A row per
 * item with its English and German text boxes (and an answer's code), buttons that move a row up or
 * down or remove it, and one that adds an empty row. The save rule's message for a row shows under
 * it before the save (the same rule the document middleware runs); the stored JSON keeps the
 * engine's shape, and a row's other keys stay as they were.
 */
function LocalizedRows({ kind, name, label, hint, required, disabled, forwarded }: Props & { kind: LocalizedRowKind; forwarded: React.Ref<HTMLDivElement> }) {
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
    <Field.Root name={name} hint={hint} error={field.error ?? problems.field[0]} required={required}>
      <Field.Label>{label}</Field.Label>
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
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}

/** A catalogue problem's symptoms: a row per symptom with its English and German text (ADR 217). */
export const SymptomsInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => <LocalizedRows {...props} kind="symptoms" forwarded={ref} />);
SymptomsInput.displayName = 'SymptomsInput';

/** A triage question's answers: a row per answer with its code and English and German text (ADR 217). */
export const TriageOptionsInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => <LocalizedRows {...props} kind="options" forwarded={ref} />);
TriageOptionsInput.displayName = 'TriageOptionsInput';
