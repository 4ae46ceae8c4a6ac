import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/text-field";
import { ContactPersonFields, SentNotice, useContactAnswer, type ContactActionResult } from "./message-form";
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
        <ContactPersonFields prefix="call-back" nameLabel={t("contact.fields.name")} values={values} error={error} />
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
