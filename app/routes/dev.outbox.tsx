import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { getEngine, getRequestEngine, type OutboxEmailEntry, type OutboxEntry, type OutboxSmsEntry } from "~/booking.server";
import { notFound } from "~/lib/carrier-routes.server";
import { clockTime, dayOfInstant } from "~/lib/dates";
import { requireCarrier } from "~/tenant/tenant.server";
import { Button, ButtonLink } from "~/components/ui/button";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

/**
 * The development outbox page (issue 10 item 2, ADR 090): every e-mail and SMS the engine wrote to
 * the file outbox, newest first, this site's carrier's by default (?carrier=<code> or all). The
 * engine answers null where the page is off (production without OUTBOX_PAGE=1): 404.
 *
 * An e-mail's HTML is shown in a sandboxed srcdoc frame: no script runs in it, it cannot reach this
 * page, and it inherits this page's Content-Security-Policy (which lets its pictures load).
 */
export const handle = { i18n: ["dev-outbox"] };

const outboxQuery = z.object({
  carrier: z.union([z.literal("all"), z.string().regex(/^[a-z0-9][a-z0-9-]*$/)]).optional(),
});

const SHOWN = 100;
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ request }: LoaderFunctionArgs) {
  const carrier = await requireCarrier(request);
  const query = outboxQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const chosen = (query.success && query.data.carrier) || carrier.code;
  const filter = chosen === "all" ? null : chosen;
  const engine = await getEngine();
  const listing = await engine.messages.listOutbox({ carrierCode: filter, limit: SHOWN });
  if (!listing) throw notFound();
  const channels = engine.capabilities().notifications;
  return data({ listing, filter, timezone: carrier.timezone, channels: { email: channels.email.outbox, sms: channels.sms.outbox } }, { headers: NO_STORE });
}

/**
 * "Send the messages due now": one pass over this carrier's messages on this request's engine, so a
 * developer (or a test moving the engine's clock with its cookie, ADR 034) sees the evening or
 * morning message without waiting for the worker's next round. Off wherever the page is off.
 */
export async function action({ request }: ActionFunctionArgs) {
  const carrier = await requireCarrier(request);
  const engine = await getRequestEngine(request);
  if (!(await engine.messages.listOutbox({ limit: 1 }))) throw notFound();
  // This site's messages only: the clock may be a test's, days ahead, and other customers' holds,
  // offers and messages are the worker's, on the real clock.
  const pass = await engine.messages.runScheduledJobs({ carrierCode: carrier.code });
  return data({ sent: pass.sent, failed: pass.retried + pass.dead }, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function DevOutbox() {
  const { listing, filter, timezone, channels } = useLoaderData<typeof loader>();
  const pass = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const { t } = useTranslation();
  const channel = (outbox: boolean) => t(outbox ? "dev-outbox.viaOutbox" : "dev-outbox.viaProvider");
  return (
    <section className="mx-auto max-w-4xl px-4 py-10" data-testid="dev-outbox">
      <h1 className="mb-2 text-3xl font-bold">{t("dev-outbox.title")}</h1>
      <p className="mb-4">{t("dev-outbox.intro")}</p>
      {channels.email && channels.sms ? null : (
        <p className="mb-4 rounded-lg border border-info-border bg-info-surface px-4 py-3 text-on-info-surface" role="note">
          {t("dev-outbox.deliveredNotice", { email: channel(channels.email), sms: channel(channels.sms) })}
        </p>
      )}
      <Form method="post" className="mb-6 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={sending} size="sm">
          {t("dev-outbox.sendDue")}
        </Button>
        <p role="status" data-testid="dev-outbox-pass">
          {pass ? t("dev-outbox.passDone", { count: pass.sent }) + (pass.failed ? ` ${t("dev-outbox.passFailed", { count: pass.failed })}` : "") : null}
        </p>
      </Form>
      <nav aria-label={t("dev-outbox.filter")} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {[null, ...listing.carriers].map((code) => (
            <li key={code ?? "all"}>
              <ButtonLink to={`?carrier=${code ?? "all"}`} aria-current={code === filter ? "page" : undefined} variant={code === filter ? "primary" : "secondary"} size="sm">
                {code ?? t("dev-outbox.allCarriers")}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mb-4" data-testid="dev-outbox-count">
        {t("dev-outbox.count", { count: listing.total })}
        {listing.total > listing.entries.length ? ` ${t("dev-outbox.showing", { shown: listing.entries.length, total: listing.total })}` : null}
      </p>
      {listing.entries.length === 0 ? (
        <p className="rounded-lg border border-line/10 bg-surface px-4 py-6">{t("dev-outbox.empty")}</p>
      ) : (
        <ol className="space-y-6">
          {listing.entries.map((entry) => (
            <li key={entry.id}>
              <OutboxMessage entry={entry} timezone={timezone} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function OutboxMessage({ entry, timezone }: { entry: OutboxEntry; timezone: string }) {
  const { t, i18n } = useTranslation();
  const sentAt = t("dev-outbox.sentAt", { day: dayOfInstant(entry.sentAt, timezone, i18n.language), time: clockTime(entry.sentAt, timezone, i18n.language) });
  return (
    <article className="rounded-lg border border-line/10 bg-surface p-4" data-testid={`outbox-${entry.kind}`} data-carrier={entry.carrierCode}>
      <header className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded bg-inverse px-2 py-0.5 text-sm font-semibold text-on-inverse">{t(entry.kind === "email" ? "dev-outbox.email" : "dev-outbox.sms")}</span>
        <span className="font-semibold">{entry.carrierCode}</span>
        <time dateTime={entry.sentAt}>{sentAt}</time>
      </header>
      {entry.kind === "email" ? <EmailBody entry={entry} /> : <SmsBody entry={entry} />}
    </article>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 font-semibold">{label}</dt>
      <dd className="break-all" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function EmailBody({ entry }: { entry: OutboxEmailEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="mb-3 space-y-1">
        <Field label={t("dev-outbox.from")} value={entry.from} />
        <Field label={t("dev-outbox.to")} value={entry.to} />
        {entry.replyTo ? <Field label={t("dev-outbox.replyTo")} value={entry.replyTo} /> : null}
        <Field label={t("dev-outbox.subject")} value={entry.subject} testId="outbox-subject" />
      </dl>
      {entry.html ? (
        // sandbox="" (no allow-scripts, no allow-same-origin): the e-mail's HTML is inert and foreign to this page.
        <iframe
          title={`${t("dev-outbox.rendered")}: ${entry.subject}`}
          sandbox=""
          srcDoc={entry.html}
          className="h-[32rem] w-full rounded border border-line/10 bg-field"
          data-testid="outbox-html"
        />
      ) : (
        <p>{t("dev-outbox.noHtml")}</p>
      )}
      {entry.text ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold">{t("dev-outbox.plainText")}</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-sm" data-testid="outbox-text">
            {entry.text}
          </pre>
        </details>
      ) : null}
      {entry.attachments.length ? (
        <div className="mt-3">
          <h2 className="font-semibold">{t("dev-outbox.attachments")}</h2>
          <ul className="list-inside list-disc">
            {entry.attachments.map((attachment, index) => (
              <li key={`${attachment.filename}-${index}`}>
                {attachment.filename || attachment.contentType} ({attachment.contentType}, {attachment.size} B)
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function SmsBody({ entry }: { entry: OutboxSmsEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="mb-3 space-y-1">
        <Field label={t("dev-outbox.from")} value={entry.from} />
        <Field label={t("dev-outbox.to")} value={entry.to} />
      </dl>
      <p className="whitespace-pre-wrap rounded-lg bg-field p-3 text-on-field" data-testid="outbox-sms-text">
        {entry.text}
      </p>
    </>
  );
}
