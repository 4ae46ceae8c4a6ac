import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { fieldTexts } from "~/lib/errors/field-texts";
import { FormAlert } from "~/components/ui/field-error";
import { Select, TextArea, TextField } from "~/components/ui/text-field";
import { recaptchaToken, useRecaptchaScript } from "./recaptcha";
import { Button } from "~/components/ui/button";

export interface ContactActionResult {
  intent: "message" | "call-back";
  sent: boolean;
  fields?: Record<string, string>;
  /** Engine messages per field (English) and their field codes (translated by code where the web has a text). */
  serverFields?: Record<string, string[]>;
  serverFieldCodes?: Record<string, string[]>;
  formError?: string | null;
  values?: Record<string, string>;
}

/** One contact form's share of the action's answer: its pending state, field messages (ours by key, the engine's by code) and typed values. */
export function useContactAnswer(intent: ContactActionResult["intent"], result: ContactActionResult | undefined) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const mine = result?.intent === intent ? result : undefined;
  const error = (name: string) => {
    const key = mine?.fields?.[name];
    if (key) return t(key);
    const server = mine?.serverFields ? fieldTexts({ fields: mine.serverFields, fieldCodes: mine.serverFieldCodes }, name, (key) => t(key))[0] : undefined;
    return server ?? null;
  };
  return { sending, mine, error, values: mine?.values ?? {} };
}

/** The thank-you that replaces a sent form (spec §4: sending, then sent). */
export function SentNotice({ intent }: { intent: ContactActionResult["intent"] }) {
  const { t } = useTranslation();
  const section = intent === "message" ? "message" : "callBack";
  return (
    <div role="status" data-testid={`${intent}-sent`}>
      <p className="text-lg font-semibold">{t(`contact.${section}.sentTitle`)}</p>
      <p className="mt-2">{t(`contact.${section}.sentText`)}</p>
    </div>
  );
}

/**
 * Message us (spec §5: full name, e-mail, telephone, reason from the list and message are required;
 * a captcha runs with action send_message; §4: sending, then sent with a thank-you).
 */
export function MessageForm({
  reasons,
  captcha,
  result,
}: {
  reasons: { id: number; title: string }[];
  captcha: { provider: string; siteKey: string | null };
  result: ContactActionResult | undefined;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const siteKey = captcha.siteKey;
  useRecaptchaScript(siteKey);
  const { sending, mine, error, values } = useContactAnswer("message", result);
  if (mine?.sent) return <SentNotice intent="message" />;
  return (
    <Form
      method="post"
      preventScrollReset
      noValidate
      data-testid="message-form"
      onSubmit={(event) => {
        if (!siteKey) return;
        // reCAPTCHA v3: fetch a token for send_message, then submit with it.
        event.preventDefault();
        const form = event.currentTarget;
        void recaptchaToken(siteKey, "send_message").then((token) => {
          (form.elements.namedItem("g_recaptcha_response") as HTMLInputElement).value = token ?? "";
          submit(form, { preventScrollReset: true });
        });
      }}
    >
      <input type="hidden" name="intent" value="message" />
      <input type="hidden" name="g_recaptcha_response" value="" />
      <fieldset disabled={sending} className="grid gap-3">
        <legend className="sr-only">{t("contact.message.title")}</legend>
        {mine?.formError ? <FormAlert testId="message-error">{t(mine.formError)}</FormAlert> : null}
        <ContactPersonFields prefix="message" nameLabel={t("contact.fields.fullName")} values={values} error={error} />
        <Select
          id="message-reason"
          name="reason"
          label={t("contact.fields.reason")}
          defaultValue={values.reason ?? ""}
          aria-required
          error={error("reason")}
          data-testid="message-reason"
        >
          <option value="">{t("contact.fields.reasonPlaceholder")}</option>
          {reasons.map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reason.title}
            </option>
          ))}
        </Select>
        <TextArea
          id="message-message"
          name="message"
          label={t("contact.fields.message")}
          defaultValue={values.message}
          error={error("message")}
          rows={5}
          maxLength={5000}
          aria-required
          data-testid="message-message"
        />
        <p className="text-sm">{t("contact.message.replyPromise")}</p>
        {siteKey ? <p className="text-xs">{t("contact.message.recaptchaNotice")}</p> : null}
        <Button type="submit" size="sm" className="justify-self-start" data-testid="message-submit">
          {sending ? t("contact.message.sending") : t("contact.message.send")}
        </Button>
      </fieldset>
    </Form>
  );
}

/** Who is asking: the name, e-mail and telephone both contact forms start with (all required). */
export function ContactPersonFields({
  prefix,
  nameLabel,
  values,
  error,
}: {
  prefix: "message" | "call-back";
  nameLabel: string;
  values: Record<string, string | undefined>;
  error: (name: string) => string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${prefix}-name`}
        name="name"
        label={nameLabel}
        autoComplete="name"
        defaultValue={values.name}
        error={error("name")}
        aria-required
        data-testid={`${prefix}-name`}
      />
      <TextField
        id={`${prefix}-email`}
        name="email"
        type="email"
        label={t("contact.fields.email")}
        autoComplete="email"
        defaultValue={values.email}
        error={error("email")}
        aria-required
        data-testid={`${prefix}-email`}
      />
      <TextField
        id={`${prefix}-phone`}
        name="phone"
        type="tel"
        label={t("contact.fields.phone")}
        autoComplete="tel"
        defaultValue={values.phone}
        error={error("phone")}
        aria-required
        data-testid={`${prefix}-phone`}
      />
    </>
  );
}
