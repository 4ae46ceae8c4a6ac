import * as React from 'react';
import { Checkbox, Flex } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { WEEKDAYS, rosterFieldProblems, weekdaysOf, withWeekday } from '../ops-control-values';
import { type Props, useText, weekdayName, groupLabel, ControlField } from './base';

/** A roster's working weekdays: one checkbox per day, Monday first, named in the admin's language. */
export const WeekdaysInput = React.forwardRef<HTMLDivElement, Props>(({ name, label, hint, required, disabled }, ref) => {
  const field = useField<unknown>(name);
  const { locale } = useText();
  const chosen = weekdaysOf(field.value);
  const dayName = (day: number) => weekdayName(locale, day);
  const problem = field.error ?? rosterFieldProblems('workingWeekdays', field.value ?? []).field[0];
  return (
    <ControlField name={name} label={label} hint={hint} error={problem} required={required}>
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
    </ControlField>
  );
});
WeekdaysInput.displayName = 'WeekdaysInput';
