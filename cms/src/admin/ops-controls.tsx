import * as React from 'react';
import {
  Box,
  Button,
  Checkbox,
  DatePicker,
  Field,
  Flex,
  MultiSelect,
  MultiSelectOption,
  SingleSelect,
  SingleSelectOption,
  Tag,
  TextInput,
  Typography,
} from '@strapi/design-system';
import { Cross } from '@strapi/icons';
import { unstable_useContentManagerContext as useContentManagerContext, useFetchClient, useField, useForm } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { OPS_CONTROL_MESSAGES, type OpsControlMessageId } from './ops-control-messages';
import {
  type CodeOption,
  WEEKDAYS,
  codeOptions,
  dayOf,
  datesOf,
  domainProblemsOf,
  localeChoices,
  localeProblemsOf,
  referrerProblemsOf,
  referrerRowsOf,
  isoDay,
  prefixFormat,
  prefixProblems,
  prefixesOf,
  rosterFieldProblems,
  weekdaysOf,
  withDate,
  withDomains,
  withLocales,
  withReferrer,
  withoutReferrer,
  withPrefixes,
  withWeekday,
  withoutDate,
  withoutDomain,
  withoutPrefix,
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
  Props & { error?: string; testId: string; placeholder: string; options: CodeOption[]; missing: (code: string) => string; note: string | null; failed: boolean }
>(({ name, label, hint, required, disabled, error, testId, placeholder, options, missing, note, failed }, ref) => {
  const field = useField<unknown>(name);
  return (
    <Field.Root name={name} hint={hint} error={error} required={required}>
      <Field.Label>{label}</Field.Label>
      <Flex ref={ref} direction="column" alignItems="stretch" gap={2} data-testid={testId}>
        <SingleSelect
          aria-label={typeof label === 'string' ? label : name}
          placeholder={placeholder}
          value={typeof field.value === 'string' && field.value ? field.value : undefined}
          disabled={disabled}
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
  // 1 January 2024 was a Monday: day d of the week is 2024-01-0d.
  const dayName = (day: number) => new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(new Date(2024, 0, day));
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

/**
 * A technician's service area as a select of the areas of the carrier entered in the same form
 * (ADR 199), read through the admin's own API, so only areas of carriers the user may edit are
 * listed. The stored value stays the area's code.
 */
export const ServiceAreaCodeInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => {
  const { name } = props;
  const field = useField<unknown>(name);
  const carrier = useForm('ServiceAreaCodeInput', (state) => (state.values as Record<string, unknown>).carrierCode);
  const { get } = useFetchClient();
  const { text } = useText();
  // The areas read for one carrier code; another code in the form shows none until its own arrive.
  const [loaded, setLoaded] = React.useState<{ code: string; rows: unknown[]; failed: boolean } | null>(null);
  const code = typeof carrier === 'string' ? carrier.trim() : '';
  React.useEffect(() => {
    if (!code) return undefined;
    let live = true;
    // Typed codes settle before the areas are asked for.
    const timer = setTimeout(() => {
      get<{ results?: unknown[] }>(`/content-manager/collection-types/${SERVICE_AREA_UID}`, {
        params: { filters: { carrierCode: { $eq: code } }, pageSize: 100, sort: 'name:asc' },
      })
        .then(({ data }) => live && setLoaded({ code, rows: data.results ?? [], failed: false }))
        .catch(() => live && setLoaded({ code, rows: [], failed: true }));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code, get]);
  const rows = loaded && loaded.code === code ? loaded.rows : null;
  const failed = !!loaded && loaded.code === code && loaded.failed;
  const options: CodeOption[] = codeOptions(rows ?? [], field.value);
  const listed = options.filter((o) => !o.missing).length;
  const note = !code
    ? text('ops-controls.area.no-carrier')
    : failed
      ? text('ops-controls.area.failed')
      : rows && listed === 0
        ? text('ops-controls.area.none', { carrier: code })
        : null;
  return (
    <CodeSelect
      {...props}
      ref={ref}
      error={field.error}
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
