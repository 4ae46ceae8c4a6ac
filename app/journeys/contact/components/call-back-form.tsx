import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/text-field";
import { SentNotice, useContactAnswer, type ContactActionResult } from "./message-form";
import { Button } from "~/components/ui/button";

/** Request a call-back (spec §3 call-back payload; §7 request-call-back). */
export function CallBackForm({ result }: { result: ContactActionResult | undefined }) {
  const { t } = useTranslation();
  const { sending, mine, error, values } = useContactAnswer("call-back", result);
  if (mine?.sent) return <SentNotice intent="call-back" />;
  return (
    <Form method="post" preventScrollReset noValidate data-testid="call-back-form">
      <input type="hidden" name="intent" value="call-back" />
      <fieldset disabled={sending} className="grid gap-3">
        <legend className="mb-2">{t("contact.callBack.intro")}</legend>
        <TextField
          id="call-back-name"
          name="name"
          label={t("contact.fields.name")}
          autoComplete="name"
          defaultValue={values.name}
          error={error("name")}
          aria-required
          data-testid="call-back-name"
        />
        <TextField
          id="call-back-email"
          name="email"
          type="email"
          label={t("contact.fields.email")}
          autoComplete="email"
          defaultValue={values.email}
          error={error("email")}
          aria-required
          data-testid="call-back-email"
        />
        <TextField
          id="call-back-phone"
          name="phone"
          type="tel"
          label={t("contact.fields.phone")}
          autoComplete="tel"
          defaultValue={values.phone}
          error={error("phone")}
          aria-required
          data-testid="call-back-phone"
        />
        <TextField
          id="call-back-postcode"
          name="postcode"
          label={
            <>
              {t("contact.fields.postcode")}
              <span className="font-normal"> ({t("contact.optional")})</span>
            </>
          }
          autoComplete="postal-code"
          defaultValue={values.postcode}
          error={error("postcode")}
          data-testid="call-back-postcode"
        />
        <Button type="submit" size="sm" className="justify-self-start" data-testid="call-back-submit">
          {sending ? t("contact.callBack.sending") : t("contact.callBack.send")}
        </Button>
      </fieldset>
    </Form>
  );
}
