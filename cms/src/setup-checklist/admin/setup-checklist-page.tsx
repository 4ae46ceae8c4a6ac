import { type FormEvent, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFetchClient } from '@strapi/strapi/admin';
import { Badge, Box, Button, Field, Flex, Link, Main, SingleSelect, SingleSelectOption, TextInput, Typography } from '@strapi/design-system';
import { SETUP_MESSAGES } from './setup-checklist-messages';

/**
 * The carrier setup checklist and postcode tester (issue 24 item 2, ADR 194): an admin page from the
 * main menu. The admin routes (cms/src/setup-checklist/setup-checklist-routes.ts) fence the carriers and ask the
 * app; this page only shows what they answer.
 */

type Item = { key: string; state: 'done' | 'missing' | 'warning'; reason: string; values: Record<string, string | number>; locale?: string; link: string };
type Answer =
  | { outcome: 'served'; postcode: string; area: { code: string; name: string }; nextFreeDay: string }
  | { outcome: 'malformed'; country: string }
  | { outcome: 'not-covered'; postcode: string }
  | { outcome: 'no-technician' | 'no-roster' | 'no-free-day'; postcode: string; area: { code: string; name: string } };

const EN = SETUP_MESSAGES.en;
const BADGE = {
  done: { backgroundColor: 'success100', textColor: 'success700' },
  missing: { backgroundColor: 'danger100', textColor: 'danger700' },
  warning: { backgroundColor: 'warning100', textColor: 'warning700' },
} as const;

function useText() {
  const { formatMessage } = useIntl();
  return (id: string, values?: Record<string, string | number>) => formatMessage({ id, defaultMessage: EN[id] ?? id }, values);
}

function Checklist({ code }: { code: string }) {
  const t = useText();
  const { formatDate } = useIntl();
  const { get } = useFetchClient();
  const [items, setItems] = useState<Item[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    get<{ items: Item[] }>(`/admin/setup-checklist/${encodeURIComponent(code)}`).then(
      ({ data }) => {
        if (!live) return;
        setItems(data.items);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [code, get, version]);

  if (failed) return <Typography textColor="danger600">{t('repair.setup.failed')}</Typography>;
  if (!items) return null;
  const missing = items.filter((item) => item.state === 'missing').length;
  // Times come as ISO strings: shown in the reader's locale.
  const shown = (values: Record<string, string | number>) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        name === 'lastSyncAt' && value !== '–' ? formatDate(String(value), { dateStyle: 'medium', timeStyle: 'medium' }) : value,
      ]),
    );
  return (
    <Flex direction="column" alignItems="stretch" gap={2} data-testid="setup-checklist" data-ready={missing === 0 ? 'yes' : 'no'}>
      <Typography variant="omega" fontWeight="bold" textColor={missing ? 'danger600' : 'success600'}>
        {missing ? t('repair.setup.not-ready', { count: missing }) : t('repair.setup.ready')}
      </Typography>
      {items.map((item, index) => (
        <Box
          key={index}
          padding={3}
          hasRadius
          background="neutral0"
          shadow="tableShadow"
          data-testid="setup-item"
          data-key={item.key}
          data-locale={item.locale ?? ''}
          data-state={item.state}
        >
          <Flex justifyContent="space-between" gap={4}>
            <Flex direction="column" alignItems="flex-start" gap={1}>
              <Typography variant="omega" fontWeight="bold">
                {t(`repair.setup.item.${item.key}`, { locale: item.locale ?? '', domain: String(item.values.domain ?? '') })}
              </Typography>
              <Typography variant="pi">{t(`repair.setup.reason.${item.reason}`, shown(item.values))}</Typography>
            </Flex>
            <Flex gap={3}>
              <Badge {...BADGE[item.state]}>{t(`repair.setup.state.${item.state}`)}</Badge>
              <Link href={item.link}>{t('repair.setup.fix')}</Link>
            </Flex>
          </Flex>
        </Box>
      ))}
      <Box>
        <Button variant="tertiary" onClick={() => setVersion((v) => v + 1)}>
          {t('repair.setup.refresh')}
        </Button>
      </Box>
    </Flex>
  );
}

function PostcodeTester({ code }: { code: string }) {
  const t = useText();
  const { formatDate } = useIntl();
  const { get } = useFetchClient();
  const [postcode, setPostcode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; outcome: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = postcode.trim();
    if (!value || value.length > 20) return setResult({ text: t('repair.setup.tester.invalid'), outcome: 'invalid' });
    setBusy(true);
    try {
      const { data } = await get<{ answer: Answer | null }>(`/admin/setup-checklist/${encodeURIComponent(code)}/postcode?postcode=${encodeURIComponent(value)}`);
      const answer = data.answer;
      if (!answer) return setResult({ text: t('repair.setup.tester.no-answer'), outcome: 'no-answer' });
      const values: Record<string, string> =
        answer.outcome === 'malformed'
          ? { country: answer.country }
          : answer.outcome === 'not-covered'
            ? { postcode: answer.postcode }
            : { postcode: answer.postcode, area: `${answer.area.name} (${answer.area.code})` };
      if (answer.outcome === 'served') values.day = formatDate(`${answer.nextFreeDay}T12:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' });
      setResult({ text: t(`repair.setup.tester.${answer.outcome}`, values), outcome: answer.outcome });
    } catch {
      setResult({ text: t('repair.setup.tester.no-answer'), outcome: 'no-answer' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box padding={4} hasRadius background="neutral0" shadow="tableShadow">
      <form onSubmit={(event) => void submit(event)} data-testid="postcode-tester">
        <Flex direction="column" alignItems="stretch" gap={3}>
          <Typography variant="delta" tag="h2">
            {t('repair.setup.tester.title')}
          </Typography>
          <Typography variant="pi">{t('repair.setup.tester.intro')}</Typography>
          <Flex gap={2} alignItems="flex-end">
            <Field.Root name="postcode">
              <Field.Label>{t('repair.setup.tester.postcode')}</Field.Label>
              <TextInput value={postcode} maxLength={20} onChange={(event: { target: { value: string } }) => setPostcode(event.target.value)} />
            </Field.Root>
            <Button type="submit" loading={busy}>
              {t('repair.setup.tester.submit')}
            </Button>
          </Flex>
          {result && (
            <Typography role="status" data-testid="postcode-answer" data-outcome={result.outcome} textColor={result.outcome === 'served' ? 'success600' : 'danger600'}>
              {result.text}
            </Typography>
          )}
        </Flex>
      </form>
    </Box>
  );
}

export default function SetupChecklistPage() {
  const t = useText();
  const { get } = useFetchClient();
  const [carriers, setCarriers] = useState<{ code: string; name: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [code, setCode] = useState<string | null>(null);

  useEffect(() => {
    get<{ carriers: { code: string; name: string }[] }>('/admin/setup-checklist').then(
      ({ data }) => {
        setCarriers(data.carriers);
        setCode((current) => current ?? data.carriers[0]?.code ?? null);
      },
      () => setFailed(true),
    );
  }, [get]);

  return (
    <Main>
      <Box paddingLeft={10} paddingRight={10} paddingTop={8} paddingBottom={10}>
        <Flex direction="column" alignItems="stretch" gap={4}>
          <Typography variant="alpha" tag="h1">
            {t('repair.setup.title')}
          </Typography>
          <Typography variant="epsilon" textColor="neutral600">
            {t('repair.setup.intro')}
          </Typography>
          {failed && <Typography textColor="danger600">{t('repair.setup.failed')}</Typography>}
          {carriers?.length === 0 && <Typography>{t('repair.setup.none')}</Typography>}
          {carriers && carriers.length > 0 && (
            <Box maxWidth="30rem">
              <Field.Root name="carrier">
                <Field.Label>{t('repair.setup.carrier')}</Field.Label>
                <SingleSelect value={code ?? undefined} onChange={(value: string | number) => setCode(String(value))} data-testid="setup-carrier">
                  {carriers.map((carrier) => (
                    <SingleSelectOption key={carrier.code} value={carrier.code}>
                      {`${carrier.name} (${carrier.code})`}
                    </SingleSelectOption>
                  ))}
                </SingleSelect>
              </Field.Root>
            </Box>
          )}
          {/* Keyed by carrier: another carrier starts with an empty tester and list. */}
          {code && <PostcodeTester key={`tester-${code}`} code={code} />}
          {code && <Checklist key={`list-${code}`} code={code} />}
        </Flex>
      </Box>
    </Main>
  );
}
