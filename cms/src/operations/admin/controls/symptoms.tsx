import * as React from 'react';
import { type Props } from './base';
import { LocalizedRows } from './localized-rows';

/** A catalogue problem's symptoms: a row per symptom with its English and German text (ADR 217). */
export const SymptomsInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => <LocalizedRows {...props} kind="symptoms" forwarded={ref} />);
SymptomsInput.displayName = 'SymptomsInput';
