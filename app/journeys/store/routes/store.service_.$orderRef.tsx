import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getRequestEngine } from "~/booking.server";
import { FieldError } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { Select, TextField } from "~/components/ui/text-field";
import { titleMeta } from "~/i18n/meta";
import { clockTime, dayOfInstant, longDate, timeslotText } from "~/lib/dates";
import { handleError } from "~/lib/errors/errors.server";
import { fieldTexts } from "~/lib/errors/field-texts";
import { readForm } from "~/lib/http/form.server";
import { formatMoney, intlLocaleOf, type Currency } from "~/lib/money";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { notFound } from "~/lib/carrier-routes.server";
import { StaffTable } from "~/journeys/store/components/staff-table";
import { ServiceSection as Section } from "~/journeys/store/components/service-section";
import { MessageList, useMessageKind } from "~/journeys/store/components/service-messages";
import { runServiceAction, SERVICE_INTENTS, type ActionOutcome, type ActionProblem, type RefundConfirmation, type ServiceIntent } from "~/journeys/store/service.server";
import { OrderHistory } from "~/journeys/store/components/order-history";

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
  const url = new URL(request.url);
  const [days, texts] = await Promise.all([
    movable ? engine.service.serviceAvailability(staff.carrier, orderRef, { days_to_load: 31 }).catch(() => []) : Promise.resolve([]),
    // Each message written out as the scheduler renders it (ADR 255); none when the carrier's content cannot be read now.
    engine.service.serviceMessageTexts(staff.carrier, orderRef).catch(() => []),
  ]);
  // The days it may move to, its own day too (another window of it).
  const freeDays = days.filter((day) => day.available).map((day) => day.date);
  // The day the desk picked (?day=…): its arrival windows, as the move checks them (ADR 256).
  const day = freeDays.find((date) => date === url.searchParams.get("day")) ?? null;
  const windows = day ? await engine.service.serviceWindows(staff.carrier, orderRef, { date: day }).catch(() => []) : [];
  const done = SERVICE_INTENTS.find((intent) => intent === url.searchParams.get("done")) ?? null;
  return data(
    {
      ...page,
      texts,
      orderRef,
      done,
      // A new key per page view: the same form sent twice is one action (ADR 189).
      requestKey: randomUUID(),
      freeDays,
      day,
      windows,
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
  // A refund's first step answers the page with its confirmation (ADR 255): nothing is sent to the gateway yet.
  if (outcome.confirm) return data(outcome, { headers: staff.headers });
  // After the post, a fresh page (and a fresh form key): a reload sends nothing again.
  return redirect(`/store/service/${orderRef}?done=${outcome.intent === "refund-confirm" ? "refund" : outcome.intent}`, { headers: staff.headers });
}

export default function CustomerServiceOrder() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { ok: false; problem: ActionProblem } | { ok: true; confirm: RefundConfirmation } | undefined;
  const outcome = answer && !answer.ok ? answer : undefined;
  const confirm = answer?.ok ? answer.confirm : null;
  const { t } = useTranslation();
  const kindText = useMessageKind();
  const { order, payment } = page;
  const timeLocale = intlLocaleOf(page.carrier.countryCode, page.locale);
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
  /** The engine's field texts and the page's own (an amount it cannot read, no window chosen). */
  const errorsOf = (intent: ServiceIntent, field: string) => [...fieldTexts(problem(intent), field, t), ...(problem(intent)?.ownFields?.[field] ?? []).map((key) => t(key))];
  const reasonField = (intent: ServiceIntent) => <TextField id={`${intent}-reason`} name="reason" label={t("store.service.reason")} required error={errorsOf(intent, "reason")} />;
  const emailMessages = page.messages;
  // Where the money goes back to: the customer's card, PayPal account or pay-later plan.
  const refundTo = t(`store.service.refund.to.${payment.payment_type ?? "other"}`, { defaultValue: t("store.service.refund.to.other") });
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

      {confirm ? (
        // The refund's second step (ADR 255): the amount in the carrier's currency and the reason, before anything reaches the gateway.
        <section className="mt-6 rounded-xl border-2 border-primary p-4" data-testid="service-refund-confirm" aria-labelledby="service-refund-confirm-title">
          <h2 id="service-refund-confirm-title" className="text-xl font-bold">
            {t("store.service.refund.confirmTitle")}
          </h2>
          <p className="mt-2 text-lg" data-testid="service-refund-confirm-question" data-minor={confirm.amount_minor}>
            {t("store.service.refund.confirmQuestion", { amount: money(confirm.amount_minor), to: refundTo })}
          </p>
          <p className="mt-1" data-testid="service-refund-confirm-reason">
            {t("store.service.refund.confirmReason", { reason: confirm.reason })}
          </p>
          <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="refund-confirm" />
            <input type="hidden" name="order_ref" value={page.orderRef} />
            <input type="hidden" name="request_key" value={confirm.request_key} />
            <input type="hidden" name="amount_minor" value={confirm.amount_minor} />
            <input type="hidden" name="reason" value={confirm.reason} />
            <SubmitButton testId="service-refund-confirm-submit">{t("store.service.refund.confirmSubmit", { amount: money(confirm.amount_minor) })}</SubmitButton>
            <Link to={`/store/service/${page.orderRef}`} className="underline" data-testid="service-refund-confirm-back">
              {t("store.service.refund.confirmBack")}
            </Link>
          </Form>
        </section>
      ) : null}

      <Section title={t("store.service.order.customer")} testId="service-customer">
        <p>{[order.details.first_name, order.details.last_name].filter(Boolean).join(" ")}</p>
        <p>{order.details.email}</p>
        <p>{order.details.phone_number ?? t("store.service.order.noPhone")}</p>
        <p data-testid="service-address">{[order.details.address_1, order.details.address_2, order.details.town, order.details.postcode].filter(Boolean).join(", ")}</p>
      </Section>

      <Section title={t("store.service.order.appointment")} testId="service-appointment">
        <p data-testid="service-date" data-date={order.booking.booking_date} data-window={order.booking.timeslot?.start ?? ""}>
          {order.booking.timeslot
            ? t("store.service.order.window", { date: longDate(order.booking.booking_date, page.locale), window: timeslotText(order.booking.timeslot, timeLocale) })
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
            {payment.fee_kept_minor ? (
              <p data-testid="service-fee-kept" data-minor={payment.fee_kept_minor}>
                {t("store.service.payment.feeKept", { amount: money(payment.fee_kept_minor) })}
              </p>
            ) : null}
            {payment.refund_status ? <p>{t(`store.service.payment.refundStatus.${payment.refund_status}`)}</p> : null}
          </>
        ) : (
          <p>{t("store.service.payment.nothingPaid")}</p>
        )}
      </Section>

      <Section title={t("store.service.messages.title")} testId="service-messages">
        {emailMessages.length ? <MessageList messages={emailMessages} texts={page.texts} when={when} /> : <p>{t("store.service.messages.none")}</p>}
        {emailMessages.length ? (
          <Form method="post" className="mt-4 max-w-xl space-y-3" data-testid="service-resend-form">
            <h3 className="font-semibold">{t("store.service.resend.title")}</h3>
            {alertOf("resend")}
            {hidden("resend")}
            <Select id="resend-message" name="message_id" label={t("store.service.resend.message")} error={fieldTexts(problem("resend"), "message_id", t)}>
              {emailMessages.map((message) => (
                <option key={message.id} value={message.id}>
                  {`${kindText(message.kind)} · ${t(`store.service.messages.channel.${message.channel}`)} · ${when(String(message.runAt))}`}
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

      {payment.transaction_id && payment.refundable_minor > 0 && !confirm ? (
        <Section title={t("store.service.refund.title")} testId="service-refund">
          <p className="mb-3">{t("store.service.refund.intro")}</p>
          <Form method="post" className="max-w-xl space-y-3">
            {alertOf("refund")}
            {hidden("refund")}
            <TextField
              id="refund-amount"
              name="amount"
              inputMode="decimal"
              label={t("store.service.refund.amount", { currency: payment.currency })}
              error={errorsOf("refund", "amount_minor")}
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
              <>
                {/* First the day (a plain GET: the page comes back with that day's windows, with or without JavaScript), then its window (ADR 256). */}
                <Form method="get" className="flex max-w-xl flex-wrap items-end gap-3" data-testid="service-move-day-form">
                  <div className="min-w-72 flex-1">
                    <Select id="change-date-day" name="day" label={t("store.service.date.label")} defaultValue={page.day ?? undefined} key={page.day ?? ""}>
                      {page.freeDays.map((day) => (
                        <option key={day} value={day}>
                          {day === order.booking.booking_date ? t("store.service.date.sameDay", { date: longDate(day, page.locale) }) : longDate(day, page.locale)}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <SubmitButton testId="service-move-day-submit" variant="secondary">
                    {t("store.service.date.showWindows")}
                  </SubmitButton>
                </Form>
                {page.day ? (
                  page.windows.some((w) => w.available) ? (
                    <Form method="post" className="mt-4 max-w-xl space-y-3" data-testid="service-move-window-form">
                      {alertOf("change-date")}
                      {hidden("change-date")}
                      <input type="hidden" name="date" value={page.day} />
                      <fieldset aria-describedby={errorsOf("change-date", "slot").length ? "change-date-slot-error" : undefined}>
                        <legend className="font-semibold">{t("store.service.date.windowLabel", { date: longDate(page.day, page.locale) })}</legend>
                        <ul className="mt-2 space-y-1">
                          {page.windows.map((w) => (
                            <li key={w.start}>
                              <label className={`flex items-center gap-2 ${w.available ? "" : "text-ink/60"}`}>
                                <input type="radio" name="slot" value={w.start} disabled={!w.available} data-testid="service-move-window" />
                                {timeslotText(w, timeLocale)}
                                {w.current ? ` (${t("store.service.date.currentWindow")})` : w.available ? "" : ` (${t("store.service.date.windowTaken")})`}
                              </label>
                            </li>
                          ))}
                        </ul>
                        <FieldError
                          id="change-date-slot-error"
                          messages={[...errorsOf("change-date", "slot"), ...errorsOf("change-date", "date")]}
                          testId="change-date-slot-error"
                        />
                      </fieldset>
                      {reasonField("change-date")}
                      <SubmitButton testId="service-change-date-submit">{t("store.service.date.submit")}</SubmitButton>
                    </Form>
                  ) : (
                    <p className="mt-4" data-testid="service-move-no-window">
                      {t("store.service.date.noWindow", { date: longDate(page.day, page.locale) })}
                    </p>
                  )
                ) : null}
              </>
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
