import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchField } from "~/components/ui/search-field";

/** The postcode search above a store list (store search and drop-off): a GET form, so the postcode is in the URL. */
export function StorePostcodeSearch({ id, postcode, errorKey }: { id: string; postcode: string; errorKey: string | null }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" className="mt-6">
      <SearchField
        id={id}
        type="text"
        name="postcode"
        label={t("booking-location.store.postcodeLabel")}
        autoComplete="postal-code"
        key={errorKey ? `error:${postcode}` : "typed"}
        defaultValue={postcode}
        error={errorKey ? t(errorKey) : null}
        size="lg"
        announceError
        buttonLabel={t("booking-location.store.search")}
      />
    </Form>
  );
}
