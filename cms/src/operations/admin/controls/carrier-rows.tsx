import * as React from 'react';
import { Typography } from '@strapi/design-system';
import { useFetchClient, useForm } from '@strapi/strapi/admin';
import { useText } from './base';

/** What a picker of the carrier's entries says under it: enter the carrier first, the entries could not be read, or the carrier has none yet. */
export function carrierNote(text: ReturnType<typeof useText>['text'], key: 'area' | 'stores' | 'technician', code: string, failed: boolean, empty: boolean): string | null {
  if (!code) return text(`ops-controls.${key}.no-carrier`);
  if (failed) return text(`ops-controls.${key}.failed`);
  return empty ? text(`ops-controls.${key}.none`, { carrier: code }) : null;
}

/** A note under a control, in the danger colour when the choices could not be read. */
export function Note({ text, failed, testId }: { text: string | null; failed: boolean; testId: string }) {
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
export function useCarrierRows(component: string, uid: string, sort: string) {
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
