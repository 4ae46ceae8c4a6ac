import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { fieldTexts } from "~/lib/errors/error-table";
import { TextArea, TextField } from "~/components/ui/text-field";
import type { ContactActionResult } from "./message-form";

/** Request a call-back (spec §3 call-back payload; §7 request-call-back). */
export function CallBackForm({ result }: { result: ContactActionResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "call-back";
  const mine = result?.intent === "call-back" ? result : undefined;
  if (mine?.sent) {
    return (
      <div role="status" data-testid="call-back-sent">
        <p className="text-lg font-semibold">{t("contact.callBack.sentTitle")}</p>
        <p className="mt-2">{t("contact.callBack.sentText")}</p>
      </div>
    );
  }
  const error = (name: string) => {
    const key = mine?.fields?.[name];
    if (key) return t(key);
    const server = mine?.serverFields ? fieldTexts({ fields: mine.serverFields, fieldCodes: mine.serverFieldCodes }, name, (key) => t(key))[0] : undefined;
    return server ?? null;
  };
  const values = mine?.values ?? {};
  return (
    <Form method="post" preventScrollReset noValidate data-testid="call-back-form">
      <input type="hidden" name="intent" value="call-back" />
      <fieldset disabled={sending} className="grid gap-3">
        <legend className="mb-2">{t("contact.callBack.intro")}</legend>
        <TextField id="call-back-name" name="name" label={t("contact.fields.name")} autoComplete="name" defaultValue={values.name} error={error("name")} aria-required data-testid="call-back-name" />
        <TextField id="call-back-email" name="email" type="email" label={t("contact.fields.email")} autoComplete="email" defaultValue={values.email} error={error("email")} aria-required data-testid="call-back-email" />
        <TextField id="call-back-phone" name="phone" type="tel" label={t("contact.fields.phone")} autoComplete="tel" defaultValue={values.phone} error={error("phone")} aria-required data-testid="call-back-phone" />
        <TextField id="call-back-postcode" name="postcode" label={<>{t("contact.fields.postcode")}<span className="font-normal"> ({t("contact.optional")})</span></>} autoComplete="postal-code" defaultValue={values.postcode} error={error("postcode")} data-testid="call-back-postcode" />
        <button type="submit" className="justify-self-start rounded-lg bg-primary px-5 py-2 font-semibold text-on-primary" data-testid="call-back-submit">
          {sending ? t("contact.callBack.sending") : t("contact.callBack.send")}
        </button>
      </fieldset>
    </Form>
  );
}
