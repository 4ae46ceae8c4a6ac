import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { getRequestEngine } from "~/booking.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { Select, TextField } from "~/components/ui/text-field";
import { titleMeta } from "~/i18n/meta";
import { clockTime, dayOfInstant, longDate } from "~/lib/dates";
import { handleError } from "~/lib/errors/errors.server";
import { fieldTexts } from "~/lib/errors/field-texts";
import { readForm } from "~/lib/http/form.server";
import { formatMoney, intlLocaleOf, type Currency } from "~/lib/money";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { notFound } from "~/lib/carrier-routes.server";
import { StaffTable } from "~/journeys/store/components/staff-table";
import { OrderHistory } from "~/journeys/store/components/order-history";
import { runServiceAction, SERVICE_INTENTS, type ActionOutcome, type ActionProblem, type ServiceIntent } from "~/journeys/store/service.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store", "manage"] };

export const meta: MetaFunction = titleMeta("store.service.title");

const orderRefOf = (params: LoaderFunctionArgs["params"]): number => {
  const ref = params.orderRef ?? "";
  if (!/^\d{1,15}$/.test(ref)) throw notFound();
  return Number(ref);
};

/** /store/service/:orderRef: the order, its payment, messages, date changes and staff actions, and the actions (ADR 189). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.service.requirement);
  const orderRef = orderRefOf(params);
  const engine = await getRequestEngine(request);
  const page = await engine.service.serviceOrder(staff.carrier, orderRef).catch((error: unknown) => {
    // Unknown here, or another carrier's: the same 404 (the engine never shows it).
    if (handleError(error, "store.service.order").behaviour.show === "ignore") throw notFound();
    throw error;
  });
  const order = page.order;
  // Cancelled or refunded in full (the history's state, ADR 247): nothing more to move, change or cancel.
  const movable = order.status === "BOOKED" && !order.closed && !order.is_mail_in_repair;
  const days = movable ? await engine.service.serviceAvailability(staff.carrier, orderRef, { days_to_load: 31 }).catch(() => []) : [];
  const done = SERVICE_INTENTS.find((intent) => intent === new URL(request.url).searchParams.get("done")) ?? null;
  return data(
    {
      ...page,
      orderRef,
      done,
      // A new key per page view: the same form sent twice is one action (ADR 189).
      requestKey: randomUUID(),
      freeDays: days.filter((day) => day.available && day.date !== order.booking.booking_date).map((day) => day.date),
      movable,
      fee: staff.carrier.hasCallOutCharge ? staff.carrier.callOutCharge : 0,
      carrier: { countryCode: staff.carrier.countryCode, timezone: staff.carrier.timezone },
      locale: staff.locale,
    },
    { headers: staff.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.service.requirement);
  const orderRef = orderRefOf(params);
  const form = await readForm(request);
  if (form.get("order_ref") !== String(orderRef)) throw new Response("The form could not be read.", { status: 400, headers: staff.headers });
  const outcome: ActionOutcome = await runServiceAction(await getRequestEngine(request), staff, form);
  if ("malformed" in outcome) throw new Response("The form could not be read.", { status: 400, headers: staff.headers });
  if (!outcome.ok) return data(outcome, { status: 422, headers: staff.headers });
  // After the post, a fresh page (and a fresh form key): a reload sends nothing again.
  return redirect(`/store/service/${orderRef}?done=${outcome.intent}`, { headers: staff.headers });
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="mt-8" data-testid={testId}>
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export default function CustomerServiceOrder() {
  const page = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as { ok: false; problem: ActionProblem } | undefined;
  const { t } = useTranslation();
  const { order, payment } = page;
  const money = (minor: number) => formatMoney(minor, payment.currency as Currency, { countryCode: page.carrier.countryCode, locale: page.locale });
  const when = (instant: string) =>
    `${dayOfInstant(instant, page.carrier.timezone, page.locale)} ${clockTime(instant, page.carrier.timezone, intlLocaleOf(page.carrier.countryCode, page.locale))}`;
  const problem = (intent: ServiceIntent) => (outcome?.problem.intent === intent ? outcome.problem : null);
  const alertOf = (intent: ServiceIntent) => {
    const alert = problem(intent)?.alert;
    if (!alert) return null;
    return (
      <p role="alert" className="mb-2 font-semibold text-danger" data-testid={`service-${intent}-alert`}>
        {alert.key ? t(alert.key, { message: alert.detail ?? "" }) : alert.text}
      </p>
    );
  };
  const hidden = (intent: ServiceIntent) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="order_ref" value={page.orderRef} />
      <input type="hidden" name="request_key" value={page.requestKey} />
    </>
  );
  const reasonField = (intent: ServiceIntent) => (
    <TextField id={`${intent}-reason`} name="reason" label={t("store.service.reason")} required error={fieldTexts(problem(intent), "reason", t)} />
  );
  const emailMessages = page.messages;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("store.service.order.title", { ref: page.orderRef })}</h1>
      <p className="mt-1" data-testid="service-order-status">
        {t(`store.service.status.${order.status}`)}
      </p>
      {page.done ? (
        <p role="status" className="mt-3 rounded-lg border border-line/30 p-3" data-testid="service-done">
          {t(`store.service.done.${page.done}`)}
        </p>
      ) : null}

      <Section title={t("store.service.order.customer")} testId="service-customer">
        <p>{[order.details.first_name, order.details.last_name].filter(Boolean).join(" ")}</p>
        <p>{order.details.email}</p>
        <p>{order.details.phone_number ?? t("store.service.order.noPhone")}</p>
        <p data-testid="service-address">{[order.details.address_1, order.details.address_2, order.details.town, order.details.postcode].filter(Boolean).join(", ")}</p>
      </Section>

      <Section title={t("store.service.order.appointment")} testId="service-appointment">
        <p data-testid="service-date" data-date={order.booking.booking_date}>
          {order.booking.timeslot
            ? t("store.service.order.window", { date: longDate(order.booking.booking_date, page.locale), start: order.booking.timeslot.start, end: order.booking.timeslot.end })
            : t("store.service.order.mailIn", { date: longDate(order.booking.booking_date, page.locale) })}
        </p>
        <p>
          {order.trackingVan
            ? t("store.service.order.technician", { name: order.trackingVan.technician_name, van: order.trackingVan.van_registration })
            : t("store.service.order.noTechnician")}
        </p>
        <p>{order.job ? t("store.service.order.job", { id: order.job.id, status: t(`store.service.repair.${order.repair_status}`) }) : t("store.service.order.noJob")}</p>
      </Section>

      <Section title={t("store.service.order.devices")} testId="service-devices">
        <ul className="list-disc pl-5">
          {order.devices.map((device) => (
            <li key={device.id}>
              {device.title}
              {device.selected_problems_pricing.length ? ` · ${device.selected_problems_pricing.map((p) => `${p.problem.title} ${money(p.price)}`).join(", ")}` : ""}
              {device.imei ? ` · ${device.imei}` : ""}
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t("store.service.payment.title")} testId="service-payment">
        {payment.transaction_id && payment.total_minor > 0 ? (
          <>
            {payment.payment_type ? <p>{t("store.service.payment.method", { method: payment.payment_type })}</p> : null}
            <p data-testid="service-paid">{t("store.service.payment.paid", { amount: money(payment.total_minor) })}</p>
            <p data-testid="service-refunded" data-minor={payment.refunded_minor}>
              {t("store.service.payment.refunded", { amount: money(payment.refunded_minor) })}
            </p>
            <p data-testid="service-refundable" data-minor={payment.refundable_minor}>
              {t("store.service.payment.refundable", { amount: money(payment.refundable_minor) })}
            </p>
            {payment.refund_status ? <p>{t(`store.service.payment.refundStatus.${payment.refund_status}`)}</p> : null}
          </>
        ) : (
          <p>{t("store.service.payment.nothingPaid")}</p>
        )}
      </Section>

      <Section title={t("store.service.messages.title")} testId="service-messages">
        {emailMessages.length ? (
          <StaffTable
            testId="service-message-list"
            className=""
            headings={["message", "channel", "state", "due", "attempts", "error"].map((c) => t(`store.service.messages.columns.${c}`))}
            rows={emailMessages.map((message) => ({
              key: message.id,
              cells: [
                <span key="kind" data-testid="service-message-kind">
                  {message.kind}
                </span>,
                t(`store.service.messages.channel.${message.channel}`),
                <span key="state" data-testid="service-message-state" data-state={message.state}>
                  {t(`store.service.messages.state.${message.state}`)}
                </span>,
                when(String(message.runAt)),
                message.attempts,
                message.lastError ?? "",
              ],
            }))}
          />
        ) : (
          <p>{t("store.service.messages.none")}</p>
        )}
        {emailMessages.length ? (
          <Form method="post" className="mt-4 max-w-xl space-y-3" data-testid="service-resend-form">
            <h3 className="font-semibold">{t("store.service.resend.title")}</h3>
            {alertOf("resend")}
            {hidden("resend")}
            <Select id="resend-message" name="message_id" label={t("store.service.resend.message")} error={fieldTexts(problem("resend"), "message_id", t)}>
              {emailMessages.map((message) => (
                <option key={message.id} value={message.id}>
                  {`${message.kind} · ${t(`store.service.messages.channel.${message.channel}`)} · ${when(String(message.runAt))}`}
                </option>
              ))}
            </Select>
            {reasonField("resend")}
            <SubmitButton testId="service-resend">{t("store.service.resend.submit")}</SubmitButton>
          </Form>
        ) : null}
      </Section>

      <Section title={t("store.service.dateChanges.title")} testId="service-date-changes">
        {page.date_changes.length ? (
          <StaffTable
            testId="service-date-change-list"
            className=""
            headings={["when", "by", "from", "to", "technicians", "reason"].map((c) => t(`store.service.dateChanges.columns.${c}`))}
            rows={page.date_changes.map((entry) => ({
              key: entry.id,
              cells: [
                when(entry.created_at),
                // The history's name for who moved it (ADR 247): the staff account's or partner key's name, never an id.
                entry.by.name ?? t(`store.service.history.by.${entry.by.type === "staff" ? "staffUnnamed" : entry.by.type}`, { name: "" }),
                entry.original_date,
                entry.new_date,
                `${entry.original_technician} → ${entry.new_technician}`,
                entry.reason,
              ],
            }))}
          />
        ) : (
          <p>{t("store.service.dateChanges.none")}</p>
        )}
      </Section>

      {payment.transaction_id && payment.refundable_minor > 0 ? (
        <Section title={t("store.service.refund.title")} testId="service-refund">
          <Form method="post" className="max-w-xl space-y-3">
            {alertOf("refund")}
            {hidden("refund")}
            <TextField
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              label={t("store.service.refund.amount", { currency: payment.currency })}
              error={fieldTexts(problem("refund"), "amount_minor", t)}
            />
            {reasonField("refund")}
            <SubmitButton testId="service-refund-submit">{t("store.service.refund.submit")}</SubmitButton>
          </Form>
        </Section>
      ) : null}

      {page.movable ? (
        <>
          <Section title={t("store.service.date.title")} testId="service-change-date">
            {page.freeDays.length ? (
              <Form method="post" className="max-w-xl space-y-3">
                {alertOf("change-date")}
                {hidden("change-date")}
                <Select id="change-date-day" name="date" label={t("store.service.date.label")} error={fieldTexts(problem("change-date"), "date", t)}>
                  {page.freeDays.map((day) => (
                    <option key={day} value={day}>
                      {longDate(day, page.locale)}
                    </option>
                  ))}
                </Select>
                {reasonField("change-date")}
                <SubmitButton testId="service-change-date-submit">{t("store.service.date.submit")}</SubmitButton>
              </Form>
            ) : (
              <p>{t("store.service.date.none")}</p>
            )}
          </Section>

          <Section title={t("store.service.address.title")} testId="service-change-address">
            <Form method="post" className="max-w-xl space-y-3">
              {alertOf("change-address")}
              {hidden("change-address")}
              <TextField id="address-line1" name="line_1" label={t("store.service.address.line1")} required error={fieldTexts(problem("change-address"), "line_1", t)} />
              <TextField id="address-line2" name="line_2" label={t("store.service.address.line2")} />
              <TextField id="address-town" name="town" label={t("store.service.address.town")} required error={fieldTexts(problem("change-address"), "town", t)} />
              <TextField id="address-postcode" name="postcode" label={t("store.service.address.postcode")} required error={fieldTexts(problem("change-address"), "postcode", t)} />
              {reasonField("change-address")}
              <SubmitButton testId="service-change-address-submit">{t("store.service.address.submit")}</SubmitButton>
            </Form>
          </Section>

          <Section title={t("store.service.cancel.title")} testId="service-cancel">
            <Form method="post" className="max-w-xl space-y-3">
              {alertOf("cancel")}
              {hidden("cancel")}
              {page.fee > 0 && payment.refundable_minor > 0 ? (
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="keep_fee" data-testid="service-keep-fee" />
                  {t("store.service.cancel.keepFee", { amount: money(page.fee) })}
                </label>
              ) : (
                <p>{t(page.fee > 0 && payment.transaction_id ? "store.service.cancel.nothingLeft" : "store.service.cancel.noFee")}</p>
              )}
              {reasonField("cancel")}
              <SubmitButton testId="service-cancel-submit" variant="secondary">
                {t("store.service.cancel.submit")}
              </SubmitButton>
            </Form>
          </Section>
        </>
      ) : null}

      <OrderHistory state={order.state} history={order.history} money={money} when={when} />

      <Section title={t("store.service.actions.title")} testId="service-actions">
        {page.actions.length ? (
          <StaffTable
            testId="service-action-list"
            className=""
            headings={["when", "by", "action", "reason", "result"].map((c) => t(`store.service.actions.columns.${c}`))}
            rows={page.actions.map((entry) => ({
              key: entry.id,
              cells: [
                when(entry.created_at),
                entry.staff_name,
                <span key="action" data-testid="service-action-kind" data-action={entry.action}>
                  {t(`store.service.actions.kind.${entry.action}`)}
                  {entry.amount_minor ? ` · ${money(entry.amount_minor)}` : ""}
                </span>,
                entry.reason,
                t(`store.service.actions.state.${entry.state}`),
              ],
            }))}
          />
        ) : (
          <p>{t("store.service.actions.none")}</p>
        )}
      </Section>

      <div className="mt-8 flex gap-6">
        <Link to="/store/service" className="underline">
          {t("store.service.backToSearch")}
        </Link>
        <Link to="/store" className="underline">
          {t("store.service.back")}
        </Link>
      </div>
    </div>
  );
}
