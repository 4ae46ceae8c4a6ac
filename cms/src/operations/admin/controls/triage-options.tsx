import * as React from 'react';
import { type Props } from './base';
import { LocalizedRows } from './localized-rows';

/** A triage question's answers: a row per answer with its code and English and German text (ADR 217). */
export const TriageOptionsInput = React.forwardRef<HTMLDivElement, Props>((props, ref) => <LocalizedRows {...props} kind="options" forwarded={ref} />);
TriageOptionsInput.displayName = 'TriageOptionsInput';
