import * as React from 'react';
import { Box, Button, Flex, NumberInput, Field, Typography } from '@strapi/design-system';
import { useClipboard, useFetchClient, useNotification } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { ApiKeyMessageId } from './api-key-messages';
import { API_KEY_MESSAGES } from './api-key-messages';

/**
 * The edit view's side panel of a partner API key (ADR 183, 184): shows the key once after
 * creation (the admin route issues the secret and keeps only its hash), then only that it was
 * shown; the key's status and last use as the app reports them; rotation with an overlap.
 * Talks to /admin/ops-api-keys (cms/src/api-keys/ops-api-key-routes.ts) with the admin's log-in.
 */

export const API_KEY_UID = 'api::ops-api-key.ops-api-key';

type Status = {
  keyId: string;
  secretIssued: boolean;
  secretIssuedAt: string | null;
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
  revoked: boolean;
  engine: { known: boolean; lastUsedAt: string | null; revokedAt: string | null; expiresAt: string | null } | null;
};
type Issued = { key: string; keyId: string; secretIssuedAt: string };
type Rotated = Issued & { documentId: string; previousExpiresAt: string };

function useText() {
  const intl = useIntl();
  return {
    text: (id: ApiKeyMessageId, values?: Record<string, string>) => intl.formatMessage({ id, defaultMessage: API_KEY_MESSAGES[id].en }, values),
    date: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

const errorMessage = (error: unknown): string => {
  const response = (error as { response?: { data?: { error?: { message?: string } } } }).response;
  return response?.data?.error?.message ?? (error as Error).message ?? String(error);
};

function ShownOnce({ issued, note }: { issued: Issued; note: string }) {
  const { text } = useText();
  const { copy } = useClipboard();
  const { toggleNotification } = useNotification();
  return (
    <Flex direction="column" alignItems="stretch" gap={2} data-testid="api-key-secret-box">
      <Typography variant="sigma">{text('ops-api-key.panel.secret')}</Typography>
      <Box padding={2} background="neutral100" hasRadius>
        <Typography tag="code" style={{ wordBreak: 'break-all', fontFamily: 'monospace' }} data-testid="api-key-secret">
          {issued.key}
        </Typography>
      </Box>
      <Typography textColor="danger600">{note}</Typography>
      <Button
        variant="secondary"
        onClick={async () => {
          if (await copy(issued.key)) toggleNotification({ type: 'success', message: text('ops-api-key.panel.copied') });
        }}
      >
        {text('ops-api-key.panel.copy')}
      </Button>
    </Flex>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex justifyContent="space-between" gap={2}>
      <Typography variant="omega" textColor="neutral600">
        {label}
      </Typography>
      <Typography variant="omega" data-testid={testId}>
        {value}
      </Typography>
    </Flex>
  );
}

export function ApiKeyPanelContent({ documentId }: { documentId: string }) {
  const { get, post } = useFetchClient();
  const { text, date } = useText();
  const navigate = useNavigate();
  const [status, setStatus] = React.useState<Status | null>(null);
  const [issued, setIssued] = React.useState<Issued | null>(null);
  const [rotated, setRotated] = React.useState<Rotated | null>(null);
  const [overlap, setOverlap] = React.useState<number | undefined>(24);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  // Bumped to read the status again (after an action, or the Refresh button).
  const [version, setVersion] = React.useState(0);
  const load = () => setVersion((v) => v + 1);
  React.useEffect(() => {
    let live = true;
    get<Status>(`/admin/ops-api-keys/${documentId}`).then(
      (answer) => {
        if (!live) return;
        setStatus(answer.data);
        setFailure(null);
      },
      (error: unknown) => {
        if (live) setFailure(errorMessage(error));
      },
    );
    return () => {
      live = false;
    };
  }, [get, documentId, version]);

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (!status) return <Typography>{failure ? text('ops-api-key.panel.failed', { message: failure }) : text('ops-api-key.panel.loading')}</Typography>;
  const expiresAt = status.expiresAt;
  const state =
    status.revoked || status.engine?.revokedAt ? text('ops-api-key.panel.revoked') : status.expired ? text('ops-api-key.panel.expired') : text('ops-api-key.panel.active');

  return (
    <Flex direction="column" alignItems="stretch" gap={3} width="100%" data-testid="api-key-panel">
      <Row label={text('ops-api-key.panel.key-id')} value={status.keyId} testId="api-key-id" />
      {issued ? (
        <ShownOnce issued={issued} note={text('ops-api-key.panel.once')} />
      ) : status.secretIssued ? (
        <Typography variant="pi" textColor="neutral600" data-testid="api-key-issued">
          {text('ops-api-key.panel.issued-at', { date: status.secretIssuedAt ? date(status.secretIssuedAt) : '' })}
        </Typography>
      ) : (
        <Flex direction="column" alignItems="stretch" gap={2}>
          <Typography variant="pi">{text('ops-api-key.panel.not-issued')}</Typography>
          <Button
            loading={busy}
            onClick={() =>
              act(async () => {
                setIssued((await post<Issued>(`/admin/ops-api-keys/${documentId}/secret`, {})).data);
                load();
              })
            }
          >
            {text('ops-api-key.panel.show-secret')}
          </Button>
        </Flex>
      )}
      <Row label={text('ops-api-key.panel.status')} value={state} testId="api-key-status" />
      <Row label={text('ops-api-key.panel.created')} value={date(status.createdAt)} testId="api-key-created" />
      <Row label={text('ops-api-key.panel.expires')} value={expiresAt ? date(expiresAt) : text('ops-api-key.panel.never')} testId="api-key-expires" />
      {status.secretIssued && (
        <>
          {status.engine === null ? (
            <Typography variant="pi" textColor="warning600">
              {text('ops-api-key.panel.app-down')}
            </Typography>
          ) : !status.engine.known ? (
            <Typography variant="pi" textColor="neutral600">
              {text('ops-api-key.panel.not-synced')}
            </Typography>
          ) : (
            <Row
              label={text('ops-api-key.panel.last-used')}
              value={status.engine.lastUsedAt ? date(status.engine.lastUsedAt) : text('ops-api-key.panel.never-used')}
              testId="api-key-last-used"
            />
          )}
          <Button variant="tertiary" onClick={() => void load()}>
            {text('ops-api-key.panel.refresh')}
          </Button>
        </>
      )}
      {status.secretIssued && !status.revoked && !rotated && (
        <Flex direction="column" alignItems="stretch" gap={2}>
          <Field.Root name="overlapHours">
            <Field.Label>{text('ops-api-key.panel.overlap')}</Field.Label>
            <NumberInput value={overlap} onValueChange={(value: number | undefined) => setOverlap(value)} />
          </Field.Root>
          <Button
            variant="secondary"
            loading={busy}
            onClick={() =>
              act(async () => {
                setRotated((await post<Rotated>(`/admin/ops-api-keys/${documentId}/rotate`, { overlapHours: overlap ?? 24 })).data);
                load();
              })
            }
          >
            {text('ops-api-key.panel.rotate')}
          </Button>
        </Flex>
      )}
      {rotated && (
        <Flex direction="column" alignItems="stretch" gap={2}>
          <ShownOnce issued={rotated} note={`${text('ops-api-key.panel.rotated', { date: date(rotated.previousExpiresAt) })} ${text('ops-api-key.panel.once')}`} />
          <Button variant="tertiary" onClick={() => navigate(`/content-manager/collection-types/${API_KEY_UID}/${rotated.documentId}`)}>
            {text('ops-api-key.panel.open-new')}
          </Button>
        </Flex>
      )}
      {failure && (
        <Typography textColor="danger600" role="alert">
          {text('ops-api-key.panel.failed', { message: failure })}
        </Typography>
      )}
    </Flex>
  );
}

/** The content manager's side panel description (addEditViewSidePanel): only on API key entries. */
export function ApiKeyPanel({ model, documentId }: { model: string; documentId?: string }) {
  const intl = useIntl();
  if (model !== API_KEY_UID) return null;
  return {
    title: intl.formatMessage({ id: 'ops-api-key.panel.title', defaultMessage: API_KEY_MESSAGES['ops-api-key.panel.title'].en }),
    content: documentId ? (
      <ApiKeyPanelContent documentId={documentId} />
    ) : (
      <Typography>{intl.formatMessage({ id: 'ops-api-key.panel.save-first', defaultMessage: API_KEY_MESSAGES['ops-api-key.panel.save-first'].en })}</Typography>
    ),
  };
}
