import * as React from 'react';
import { unstable_useContentManagerContext as useContentManagerContext, useFetchClient, useField } from '@strapi/strapi/admin';
import { type CodeOption, codeOptions } from '../ops-control-values';
import { type Props, useText } from './base';
import { CodeSelect } from './code-select';

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
