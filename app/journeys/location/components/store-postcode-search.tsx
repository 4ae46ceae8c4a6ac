import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/text-field";

/** The postcode search above a store list (store search and drop-off): a GET form, so the postcode is in the URL. */
export function StorePostcodeSearch({ id, postcode, errorKey }: { id: string; postcode: string; errorKey: string | null }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        className="flex-1"
        id={id}
        name="postcode"
        label={t("booking-location.store.postcodeLabel")}
        autoComplete="postal-code"
        defaultValue={postcode}
        error={errorKey ? t(errorKey) : null}
        size="lg"
        announceError
      />
      <button type="submit" className="rounded-lg border-2 border-primary bg-primary px-6 py-3 text-lg font-semibold text-on-primary sm:mt-7">
        {t("booking-location.store.search")}
      </button>
    </Form>
  );
}
