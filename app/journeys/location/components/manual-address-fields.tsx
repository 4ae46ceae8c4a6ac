import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/text-field";

export interface ManualAddressFieldValues {
  line_1: string;
  line_2: string;
  town: string;
  postcode: string;
}

/**
 * Manual address entry: line 1, line 2 (optional), town, postcode. `fixedPostcode` shows the
 * booking's postcode instead of a field where the address must stay at that postcode.
 */
export function ManualAddressFields({
  values,
  errors,
  fixedPostcode,
  idPrefix = "manual",
}: {
  values: ManualAddressFieldValues;
  errors: Partial<Record<keyof ManualAddressFieldValues, string>>;
  fixedPostcode?: string | null;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const error = (field: keyof ManualAddressFieldValues) => (errors[field] ? t(errors[field]!) : null);
  return (
    <div className="space-y-4">
      <TextField
        id={`${idPrefix}-line-1`}
        name="line_1"
        label={t("booking-location.address.line1")}
        autoComplete="address-line1"
        defaultValue={values.line_1}
        error={error("line_1")}
        size="lg"
        announceError
      />
      <TextField
        id={`${idPrefix}-line-2`}
        name="line_2"
        label={t("booking-location.address.line2")}
        autoComplete="address-line2"
        defaultValue={values.line_2}
        error={error("line_2")}
        size="lg"
        announceError
      />
      <TextField
        id={`${idPrefix}-town`}
        name="town"
        label={t("booking-location.address.town")}
        autoComplete="address-level2"
        defaultValue={values.town}
        error={error("town")}
        size="lg"
        announceError
      />
      {fixedPostcode ? (
        <p>
          <span className="font-semibold">{t("booking-location.address.postcode")}</span>: <span data-testid="fixed-postcode">{fixedPostcode}</span>
        </p>
      ) : (
        <TextField
          id={`${idPrefix}-postcode`}
          name="postcode"
          label={t("booking-location.address.postcode")}
          autoComplete="postal-code"
          defaultValue={values.postcode}
          error={error("postcode")}
          size="lg"
          announceError
        />
      )}
    </div>
  );
}
