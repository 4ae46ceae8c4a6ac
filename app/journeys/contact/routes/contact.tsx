import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getRequestEngine, REPLY_WITHIN_HOURS } from "~/booking.server";
import { fieldKey } from "~/lib/errors/field-texts";
import { handleError } from "~/lib/errors/errors.server";
import { CallBackForm } from "~/journeys/contact/components/call-back-form";
import { MessageForm, type ContactActionResult } from "~/journeys/contact/components/message-form";
import { Modal } from "~/components/ui/modal";
import { getContactReasonOptions } from "~/content/content.server";
import { clientAddress } from "~/lib/client-address.server";
import { callBackFormSchema, checkForm, CONTACT_TEXT_FIELDS, messageFormSchema } from "~/journeys/contact/contact-form";
import { requireTenant, contentOrUnavailable } from "~/tenant/tenant.server";
import { readForm, refusedFields } from "~/lib/http/form.server";

/** Refused posts and other errors show inside the carrier's frame (ADR 054). */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";
import { titleMeta } from "~/i18n/meta";

export const handle = { liveChat: true, i18n: ["contact", "booking"] };

export const meta: MetaFunction<typeof loader> = titleMeta("contact.title");

const MODALS = ["email", "phone", "message", "call-back"] as const;
type ContactModal = (typeof MODALS)[number];

async function reasonsFor(request: Request) {
  const { carrier, locale } = await requireTenant(request);
  return { carrier, locale, reasons: await contentOrUnavailable(getContactReasonOptions(carrier, locale)) };
}

/** /contact (spec §2): e-mail us, phone and message us modals, a call-back request and the 48-hour promise. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ carrier, reasons }, engine] = await Promise.all([reasonsFor(request), getRequestEngine(request)]);
  const open = new URL(request.url).searchParams.get("open");
  return {
    brand: carrier.name,
    email: carrier.email,
    phone: carrier.phone,
    reasons,
    captcha: engine.contact.captchaProvider(),
    open: (MODALS as readonly string[]).includes(open ?? "") ? (open as ContactModal) : null,
    replyHours: REPLY_WITHIN_HOURS,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const [{ carrier, locale, reasons }, engine, form] = await Promise.all([reasonsFor(request), getRequestEngine(request), readForm(request, { textFields: CONTACT_TEXT_FIELDS })]);
  const intent = form.get("intent") === "call-back" ? "call-back" : "message";
  const answer = (result: ContactActionResult, status = 200) => data(result, { status });

  if (intent === "call-back") {
    const checked = checkForm(callBackFormSchema, form, refusedFields(form));
    if (!checked.ok) return answer({ intent, sent: false, fields: checked.fields, values: checked.values }, 400);
    try {
      await engine.contact.requestCallBack(carrier, null, {
        name: checked.value.name,
        email: checked.value.email,
        phone: checked.value.phone,
        postcode: checked.value.postcode || null,
        carrier: carrier.code,
        locale,
      });
    } catch (error) {
      const failure = contactFailure(error, "contact.call-back");
      return answer({ intent, sent: false, ...failure.result, values: Object.fromEntries(Object.entries(checked.value).map(([k, v]) => [k, String(v ?? "")])) }, failure.status);
    }
    return answer({ intent, sent: true });
  }

  const checked = checkForm(messageFormSchema, form, refusedFields(form));
  if (!checked.ok) return answer({ intent, sent: false, fields: checked.fields, values: checked.values }, 400);
  const { g_recaptcha_response: token, ...typed } = checked.value;
  const reason = reasons.find((entry) => String(entry.id) === typed.reason);
  if (!reason) return answer({ intent, sent: false, fields: { reason: "contact.errors.reasonMissing" }, values: typed }, 400);
  try {
    await engine.contact.sendContactMessage(carrier, {
      name: typed.name,
      email: typed.email,
      phone: typed.phone,
      reason,
      message: typed.message,
      captcha_token: token ?? null,
      locale,
      client_address: clientAddress(request, context),
    });
  } catch (error) {
    const failure = contactFailure(error, "contact.message");
    return answer({ intent, sent: false, ...failure.result, values: typed }, failure.status);
  }
  return answer({ intent, sent: true });
}

/**
 * An engine error on a contact form through the §8 table: field problems under their fields; the
 * form's alert for the rest, in the words of its field code (the captcha's) or of the table.
 */
function contactFailure(thrown: unknown, place: "contact.message" | "contact.call-back") {
  const { error, behaviour } = handleError(thrown, place);
  const serverFields = { serverFields: error.fields, serverFieldCodes: error.fieldCodes };
  if (behaviour.show === "field") return { result: serverFields, status: 400 };
  const formError = Object.values(error.fieldCodes).flat().map(fieldKey).find(Boolean) ?? behaviour.key ?? "contact.errors.generic";
  return { result: { ...serverFields, formError }, status: error.status };
}

const optionClass = "flex h-full flex-col rounded-xl border border-line/10 bg-surface p-5 hover:border-primary";

export default function ContactPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ContactActionResult | undefined;
  const { t } = useTranslation();
  // A posted form keeps its modal open (the URL may have lost ?open= without JavaScript).
  const open = page.open ?? (result ? (result.intent === "call-back" ? "call-back" : "message") : null);
  const close = t("contact.close");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("contact.title")}</h1>
      <p className="mt-2 text-lg">{t("contact.intro")}</p>
      <p className="mt-1 font-semibold" data-testid="reply-promise">
        {t("contact.replyPromise", { hours: page.replyHours })}
      </p>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {page.email ? (
          <li>
            <Link to="?open=email" preventScrollReset className={optionClass} data-testid="open-email">
              <span className="text-lg font-bold">{t("contact.email.title")}</span>
              <span className="mt-1">{t("contact.email.short")}</span>
            </Link>
          </li>
        ) : null}
        {page.phone ? (
          <li>
            <Link to="?open=phone" preventScrollReset className={optionClass} data-testid="open-phone">
              <span className="text-lg font-bold">{t("contact.phone.title")}</span>
              <span className="mt-1">{t("contact.phone.short")}</span>
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="?open=message" preventScrollReset className={optionClass} data-testid="open-message">
            <span className="text-lg font-bold">{t("contact.message.title")}</span>
            <span className="mt-1">{t("contact.message.short")}</span>
          </Link>
        </li>
        <li>
          <Link to="?open=call-back" preventScrollReset className={optionClass} data-testid="open-call-back">
            <span className="text-lg font-bold">{t("contact.callBack.title")}</span>
            <span className="mt-1">{t("contact.callBack.short")}</span>
          </Link>
        </li>
      </ul>

      <section className="mt-10 grid gap-4 md:grid-cols-2" aria-labelledby="contact-self-help">
        <h2 id="contact-self-help" className="sr-only">
          {t("contact.selfHelp")}
        </h2>
        <div className="rounded-xl border border-line/10 p-5">
          <p className="font-bold">{t("contact.manage.title")}</p>
          <p className="mt-1">{t("contact.manage.text")}</p>
          <Link to="/manage" className="mt-2 inline-block font-semibold underline">
            {t("contact.manage.link")}
          </Link>
        </div>
        <div className="rounded-xl border border-line/10 p-5">
          <p className="font-bold">{t("contact.help.title")}</p>
          <p className="mt-1">{t("contact.help.text")}</p>
          <Link to="/help" className="mt-2 inline-block font-semibold underline">
            {t("contact.help.link")}
          </Link>
        </div>
      </section>

      {open === "email" && page.email ? (
        <Modal size="xl" title={t("contact.email.title")} closeHref="/contact" closeLabel={close} testId="email-modal">
          <p>{t("contact.email.text")}</p>
          <a href={`mailto:${page.email}`} className="mt-3 inline-block text-lg font-semibold underline" data-testid="contact-email">
            {page.email}
          </a>
          <p className="mt-3">{t("contact.replyPromise", { hours: page.replyHours })}</p>
        </Modal>
      ) : null}
      {open === "phone" && page.phone ? (
        <Modal size="xl" title={t("contact.phone.title")} closeHref="/contact" closeLabel={close} testId="phone-modal">
          <p>{t("contact.phone.text")}</p>
          <a href={`tel:${page.phone.replace(/\s+/g, "")}`} className="mt-3 inline-block text-lg font-semibold underline" data-testid="contact-phone">
            {page.phone}
          </a>
        </Modal>
      ) : null}
      {open === "message" ? (
        <Modal size="xl" title={t("contact.message.title")} closeHref="/contact" closeLabel={close} testId="message-modal">
          <MessageForm reasons={page.reasons} captcha={page.captcha} result={result} />
        </Modal>
      ) : null}
      {open === "call-back" ? (
        <Modal size="xl" title={t("contact.callBack.title")} closeHref="/contact" closeLabel={close} testId="call-back-modal">
          <CallBackForm result={result} />
        </Modal>
      ) : null}
    </div>
  );
}
