import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldTexts } from "~/lib/errors/field-texts";
import { manageBookingPath, type LookupForm } from "~/lib/order-access/lookup-form";
import type { ManageActionResult } from "~/lib/order-access/manage.server";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { FormAlert } from "~/components/ui/field-error";
import { CsrfField } from "./csrf-field";
import { SearchField } from "~/components/ui/search-field";
import { Button } from "~/components/ui/button";

export interface AddressModalState {
  name: "address";
  /** The carrier's switch (spec §5: hidden in the Australian and US partner environments). */
  searchHidden: boolean;
  query: string;
  /** The search held a control character (removed from `query`; ADR 231): its error, no suggestions. */
  queryRefused: boolean;
  /** The search field's message (i18n key): a control character in the search or its container, or a container that is no provider's id. */
  searchError: string | null;
  container: string | null;
  suggestions: { id: string; text: string; description: string; retrievable: boolean }[] | null;
  picked: boolean;
  initial: { line_1: string; line_2: string; town: string; postcode: string; latitude: string; longitude: string };
}

const FIELDS = [
  { name: "line_1", label: "manage.address.line1", autoComplete: "address-line1", required: true },
  { name: "line_2", label: "manage.address.line2", autoComplete: "address-line2", required: false },
  { name: "town", label: "manage.address.town", autoComplete: "address-level2", required: true },
  { name: "postcode", label: "manage.address.postcode", autoComplete: "postal-code", required: true },
] as const;

/**
 * Change address (spec §4): search, pick, edit, save, then the 'address updated' toast. OR03 shows
 * 'Sorry there is no technician in that area.' for 10 seconds, OR04 its text (§8).
 */
export function ChangeAddressModal({
  lookup,
  state,
  closeHref,
  result,
}: {
  lookup: LookupForm;
  state: AddressModalState;
  closeHref: string;
  result: ManageActionResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "change-address";
  const failure = result && !result.ok ? result.failure : undefined;
  const modalError = failure && failure.show === "modal" ? failure : undefined;
  const [errorVisible, setErrorVisible] = useState(true);
  // A new error shows again (state adjusted while rendering, as React's docs advise).
  const [shownError, setShownError] = useState(modalError);
  if (shownError !== modalError) {
    setShownError(modalError);
    setErrorVisible(true);
  }
  useEffect(() => {
    if (!modalError?.hideAfterMs) return;
    const timer = setTimeout(() => setErrorVisible(false), modalError.hideAfterMs);
    return () => clearTimeout(timer);
  }, [modalError]);
  const values = result?.values ?? state.initial;
  const fieldError = (name: string): string | null => {
    if (result?.fields?.[name]) return t(result.fields[name]!);
    const server = failure?.show === "field" ? fieldTexts(failure, name, (key) => t(key))[0] : undefined;
    return server ?? null;
  };

  return (
    <Modal size="xl" title={t("manage.address.title")} closeHref={closeHref} closeLabel={t("manage.actions.close")} testId="change-address-modal">
      {!state.searchHidden ? (
        <div className="mb-6" data-testid="address-search">
          <Form method="get" preventScrollReset role="search">
            <input type="hidden" name="order_ref" value={lookup.order_ref} />
            <input type="hidden" name="email" value={lookup.email} />
            <input type="hidden" name="modal" value="address" />
            <SearchField
              id="address-search-input"
              name="q"
              label={t("manage.address.searchLabel")}
              key={state.queryRefused ? `refused:${state.query}` : "typed"}
              defaultValue={state.query}
              error={state.searchError ? t(state.searchError) : null}
              errorTestId="address-search-error"
              announceError
              placeholder={t("manage.address.searchPlaceholder")}
              data-testid="address-search-input"
              buttonLabel={t("manage.address.searchSubmit")}
              buttonVariant="secondary"
              buttonTestId="address-search-submit"
            />
          </Form>
          {state.suggestions ? (
            state.suggestions.length ? (
              <ul
                className="mt-3 max-h-56 divide-y divide-line/10 overflow-y-auto rounded-lg border border-line/10"
                aria-label={t("manage.address.results")}
                data-testid="address-suggestions"
              >
                {state.suggestions.map((suggestion) => (
                  <li key={suggestion.id}>
                    <Link
                      to={manageBookingPath(
                        lookup,
                        suggestion.retrievable ? { modal: "address", q: state.query, pick: suggestion.id } : { modal: "address", q: state.query, container: suggestion.id },
                      )}
                      preventScrollReset
                      replace
                      className="block px-3 py-2 hover:bg-surface"
                      data-testid="address-suggestion"
                    >
                      <span className="font-semibold">{suggestion.text}</span> <span className="text-sm">{suggestion.description}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3" data-testid="address-no-results">
                {t("manage.address.noResults")}
              </p>
            )
          ) : null}
        </div>
      ) : null}

      {saving ? (
        <p role="status" aria-live="polite" className="py-6 text-lg font-semibold" data-testid="address-saving">
          {t("manage.address.saving")}
        </p>
      ) : (
        <Form method="post" preventScrollReset noValidate key={JSON.stringify(values)} data-testid="address-form">
          <input type="hidden" name="intent" value="change-address" />
          <CsrfField />
          <input type="hidden" name="order_ref" value={lookup.order_ref} />
          <input type="hidden" name="email" value={lookup.email} />
          <input type="hidden" name="latitude" value={values.latitude ?? ""} />
          <input type="hidden" name="longitude" value={values.longitude ?? ""} />
          <p className="mb-3">{state.searchHidden ? t("manage.address.manualIntro") : t("manage.address.editIntro")}</p>
          {modalError && errorVisible ? (
            <FormAlert className="mt-2" testId="address-error">
              {modalError.message.key ? t(modalError.message.key) : modalError.message.text}
            </FormAlert>
          ) : null}
          <div className="mt-3 grid gap-3">
            {FIELDS.map((field) => {
              const error = fieldError(field.name);
              return (
                <TextField
                  key={field.name}
                  id={`address-${field.name}`}
                  name={field.name}
                  label={
                    <>
                      {t(field.label)}
                      {field.required ? null : <span className="font-normal"> ({t("manage.address.optional")})</span>}
                    </>
                  }
                  autoComplete={field.autoComplete}
                  aria-required={field.required}
                  defaultValue={values[field.name] ?? ""}
                  error={error}
                  data-testid={`address-${field.name}`}
                />
              );
            })}
          </div>
          <Button type="submit" size="sm" className="mt-5" data-testid="address-save">
            {t("manage.address.save")}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
