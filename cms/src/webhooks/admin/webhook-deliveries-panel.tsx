import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFetchClient } from '@strapi/strapi/admin';
import { Box, Button, Flex, Typography } from '@strapi/design-system';

/**
 * The side panel on an `Ops: webhook endpoint` entry (ADR 181): its latest deliveries (state, tries,
 * last HTTP status or error, next try) and "Redeliver" on a dead one. The CMS's admin routes
 * (cms/src/webhooks/webhook-deliveries.ts) check the operations fence and ask the app over the signed channel.
 */

const MODEL = 'api::ops-webhook-endpoint.ops-webhook-endpoint';

type Delivery = {
  id: number;
  type: string;
  eventId: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextTryAt: string | null;
  createdAt: string;
};

/** English is each message's default; German here (registered in app.tsx). */
export const WEBHOOK_PANEL_TRANSLATIONS: Record<string, Record<string, string>> = {
  de: {
    'repair.webhooks.title': 'Zustellungen',
    'repair.webhooks.empty': 'Noch keine Zustellungen.',
    'repair.webhooks.failed': 'Die Zustellungen konnten nicht geladen werden.',
    'repair.webhooks.attempts': '{count, plural, one {# Versuch} other {# Versuche}}',
    'repair.webhooks.next': 'nächster Versuch {at}',
    'repair.webhooks.redeliver': 'Erneut zustellen',
    'repair.webhooks.refresh': 'Aktualisieren',
  },
};

function DeliveryList({ documentId }: { documentId: string }) {
  const { formatMessage, formatDate } = useIntl();
  const { get, post } = useFetchClient();
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  // Bumped to load again (after a redelivery, or "Refresh").
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    get<{ deliveries: Delivery[] }>(`/ops-webhook-endpoints/${documentId}/deliveries`).then(
      ({ data }) => {
        if (!live) return;
        setDeliveries(data.deliveries.slice(0, 20));
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [documentId, get, version]);

  const redeliver = async (id: number) => {
    setBusy(id);
    try {
      await post(`/ops-webhook-endpoints/${documentId}/deliveries/${id}/redeliver`, {});
    } finally {
      setBusy(null);
      setVersion((v) => v + 1);
    }
  };

  if (failed) return <Typography textColor="danger600">{formatMessage({ id: 'repair.webhooks.failed', defaultMessage: 'The deliveries could not be loaded.' })}</Typography>;
  return (
    <Flex direction="column" alignItems="stretch" gap={3} width="100%" data-testid="webhook-deliveries">
      {deliveries?.length === 0 && <Typography variant="pi">{formatMessage({ id: 'repair.webhooks.empty', defaultMessage: 'No deliveries yet.' })}</Typography>}
      {deliveries?.map((d) => (
        <Box key={d.id} padding={2} hasRadius background="neutral100" data-testid="webhook-delivery" data-state={d.state}>
          <Flex direction="column" alignItems="flex-start" gap={1}>
            <Typography variant="omega" fontWeight="bold">
              {d.type} · {d.state}
            </Typography>
            <Typography variant="pi">
              {formatDate(d.createdAt, { dateStyle: 'short', timeStyle: 'short' })} ·{' '}
              {formatMessage({ id: 'repair.webhooks.attempts', defaultMessage: '{count, plural, one {# try} other {# tries}}' }, { count: d.attempts })}
              {d.lastStatus !== null ? ` · HTTP ${d.lastStatus}` : d.lastError ? ` · ${d.lastError}` : ''}
            </Typography>
            {d.nextTryAt && (
              <Typography variant="pi">
                {formatMessage({ id: 'repair.webhooks.next', defaultMessage: 'next try {at}' }, { at: formatDate(d.nextTryAt, { dateStyle: 'short', timeStyle: 'short' }) })}
              </Typography>
            )}
            {d.state === 'dead' && (
              <Button size="S" variant="secondary" loading={busy === d.id} onClick={() => void redeliver(d.id)}>
                {formatMessage({ id: 'repair.webhooks.redeliver', defaultMessage: 'Redeliver' })}
              </Button>
            )}
          </Flex>
        </Box>
      ))}
      <Button size="S" variant="tertiary" onClick={() => setVersion((v) => v + 1)}>
        {formatMessage({ id: 'repair.webhooks.refresh', defaultMessage: 'Refresh' })}
      </Button>
    </Flex>
  );
}

/** The content manager's side panel: only on a saved webhook endpoint. */
export const WebhookDeliveriesPanel = ({ model, documentId }: { model: string; documentId?: string }) => {
  const { formatMessage } = useIntl();
  if (model !== MODEL || !documentId) return null;
  return { title: formatMessage({ id: 'repair.webhooks.title', defaultMessage: 'Deliveries' }), content: <DeliveryList documentId={documentId} /> };
};
