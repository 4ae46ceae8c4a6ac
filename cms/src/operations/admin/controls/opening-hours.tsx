import * as React from 'react';
import { Box, Checkbox, Field, Flex, TimePicker, Typography } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { hoursTableOf, openingHoursFieldProblems, withDayHours } from '../ops-control-values';
import { type Props, useText, weekdayName, groupLabel, ControlField } from './base';

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
    <ControlField name={name} label={label} hint={hint} error={field.error ?? problems.field[0]} required={required}>
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
    </ControlField>
  );
});
OpeningHoursInput.displayName = 'OpeningHoursInput';
