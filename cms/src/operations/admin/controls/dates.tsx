import * as React from 'react';
import { DatePicker, Flex } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { dayOf, datesOf, isoDay, rosterFieldProblems, withDate, withoutDate } from '../ops-control-values';
import { type Props, useText, groupLabel, ControlField } from './base';
import { RemovableTags } from './removable-tags';

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
    <ControlField name={name} label={label} hint={hint} error={field.error ?? problems.field[0]} required={required}>
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
    </ControlField>
  );
});
DatesInput.displayName = 'DatesInput';
