import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { geocodeText, MANUAL_ADDRESS_FIELDS, manualValues, parseManualAddress, type AddressOption, type ManualAddress } from "~/journeys/location/address";
import { addressSearchHref } from "~/journeys/location/address-search-href";
import { geocode, retrieveForBooking, saveAddress, type AddressErrorBody } from "~/journeys/location/location.server";
import { isBusinessAccount } from "~/journeys/location/postcode-form";
import { handleError } from "~/lib/errors/errors.server";
import { readBusinessCookie } from "~/lib/cookies.server";
import { AddressErrorModal } from "~/journeys/location/components/address-error-modal";
import { ManualAddressFields } from "~/journeys/location/components/manual-address-fields";
import { HaveBookingCode } from "~/journeys/location/components/have-booking-code";
import { SubmitButton } from "~/components/ui/submit-button";
import { queryContainer, queryText, readForm, refusedFields, withRefusedFieldErrors } from "~/lib/http/form.server";
import { ADDRESS_LIST_INVALID_KEY, UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { titleMeta } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";
import { SearchField } from "~/components/ui/search-field";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.address.title");

/** Find: the suggestions for `text`, or the children of `container` (spec §4 "Address selection"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const url = new URL(request.url);
  // A control character in the search: the field's error with the text kept without it, no search (ADR 231).
  const typed = queryText(url.searchParams, "text");
  const text = typed.value.trim().slice(0, 200);
  // The container comes from a result's link: one that is not a provider's id is the search field's error, no search.
  const opened = queryContainer(url.searchParams);
  const container = opened.value;
  // The container's label comes from the link, not from typing: shown without refused characters (ADR 231).
  const within = queryText(url.searchParams, "within").value.slice(0, 200) || null;
  let results: AddressOption[] = [];
  const refused = typed.refused || opened.refused !== null;
  if ((text || container) && !refused) {
    try {
      results = await context.engine.coverage.findAddresses(context.carrier, { text, container });
    } catch (error) {
      // A refused search shows no suggestions; anything else is a bug.
      handleError(error, "booking.address-search");
    }
  }
  const booking = context.booking?.checkout_status === "SUCCESS" ? null : context.booking;
  const view = {
    text,
    textRefused: typed.refused,
    /** The search field's message: a control character in the search or the container, or a container that is no provider's id. */
    textError: typed.refused || opened.refused === "characters" ? UNSUPPORTED_CHARACTERS_KEY : opened.refused ? ADDRESS_LIST_INVALID_KEY : null,
    container: container ? { id: container, label: within ?? text } : null,
    results,
    searched: Boolean(text || container) && !refused,
    business: isBusinessAccount(context.carrier, url, await readBusinessCookie(request)),
    current: booking?.address?.line_1 ? booking.address : null,
    postcode: booking?.postcode ?? "",
    /** A confirm-only carrier's customers mostly come with a booking code (ADR 102). */
    confirmOnly: context.carrier.confirmOnly && !context.colleague,
  };
  return data(view, { status: refused ? 400 : 200 });
}

type ActionBody = AddressErrorBody | { fieldErrors: Partial<Record<keyof ManualAddress, string>>; values: Record<keyof ManualAddress, string> };

/** Pick → retrieve → geocode → save; or save the manually entered address. */
export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const context = await loadBookingContext(request, loadContext);
  const form = await readForm(request, { textFields: MANUAL_ADDRESS_FIELDS });
  const business =
    isBusinessAccount(context.carrier, new URL(request.url), await readBusinessCookie(request)) || (context.carrier.businessAccounts && form.get("type") === "business");

  if (form.get("intent") === "manual") {
    const manual = parseManualAddress(form);
    // A pasted control character: that line's error, the other lines as typed (ADR 231).
    if (!manual.ok || refusedFields(form).length) {
      const fieldErrors = withRefusedFieldErrors(form, manual.ok ? {} : manual.fieldErrors, UNSUPPORTED_CHARACTERS_KEY);
      return data<ActionBody>({ fieldErrors, values: manualValues(form) }, { status: 400 });
    }
    const point = await geocode(context, geocodeText(manual.address));
    return saveAddress(context, { ...manual.address, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null }, { business, stage: "address" });
  }

  const id = String(form.get("id") ?? "").trim();
  const address = id ? await retrieveForBooking(context, id) : null;
  if (!address) return data<ActionBody>({ addressError: { key: "booking-location.address.notFound" } }, { status: 400 });
  return saveAddress(context, address, { business, stage: "address" });
}

/**
 * With JavaScript the suggestions follow the typing (debounced); without, the search button does it.
 * A pending search is dropped when the page moves on (a search submitted, a container opened).
 */
function useLiveSearch(current: string, delayMs = 350) {
  const submit = useSubmit();
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, [location.key]);
  const schedule = (form: HTMLFormElement) => {
    cancel();
    timer.current = setTimeout(() => {
      const text = (form.elements.namedItem("text") as HTMLInputElement).value.trim();
      if (text.length >= 2 && text !== current) submit(form, { replace: true, preventScrollReset: true });
    }, delayMs);
  };
  return { schedule, cancel };
}

export default function AddressSearch() {
  const { text, textRefused, textError, container, results, searched, business, current, postcode, confirmOnly } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionBody | undefined;
  const navigation = useNavigation();
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const liveSearch = useLiveSearch(container ? "" : text);
  const [manualOpen, setManualOpen] = useState(false);
  const manualErrors = actionData && "fieldErrors" in actionData ? actionData : null;
  const addressError = actionData && "addressError" in actionData ? actionData.addressError : null;
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/booking/address-search";

  return (
    <section aria-labelledby="address-title" className="mx-auto max-w-2xl">
      <h1 id="address-title" className="text-3xl font-bold">
        {t("booking-location.address.title", wording)}
      </h1>
      <p className="mt-2">{t("booking-location.address.intro", wording)}</p>
      {business ? (
        <p className="mt-4 rounded bg-surface px-3 py-2 font-semibold" data-testid="business-account">
          {t("landing.businessAccount")}
        </p>
      ) : null}
      {current ? (
        <p className="mt-4 rounded bg-surface px-3 py-2" data-testid="current-address">
          {t("booking-location.address.current", { address: [current.line_1, current.line_2, current.town, current.postcode].filter(Boolean).join(", ") })}
        </p>
      ) : null}
      {confirmOnly ? <HaveBookingCode prominent /> : null}

      <Form method="get" role="search" className="mt-6" onChange={(event) => liveSearch.schedule(event.currentTarget)} onSubmit={liveSearch.cancel}>
        {business ? <input type="hidden" name="type" value="business" /> : null}
        <SearchField
          // The search as the server cleaned it replaces what was typed when it held a control character (ADR 231).
          key={textRefused ? `refused:${text}` : "typed"}
          id="address-text"
          name="text"
          label={t("landing.addressLabel")}
          defaultValue={text}
          autoComplete="off"
          placeholder={t("landing.addressPlaceholder")}
          aria-describedby="address-results-status"
          size="lg"
          buttonLabel={t("landing.addressSubmit")}
          error={textError ? t(textError) : null}
          errorTestId="address-text-error"
          announceError
        />
      </Form>

      <div className="mt-6" aria-busy={searching || undefined}>
        <p id="address-results-status" role="status" className="text-sm">
          {searching
            ? t("booking-location.address.searching")
            : searched
              ? container
                ? t("booking-location.address.within", { count: results.length, container: container.label })
                : t("booking-location.address.found", { count: results.length })
              : ""}
        </p>
        {container ? (
          <p className="mt-2">
            <Link to={addressSearchHref(text)} className="underline underline-offset-4">
              {t("booking-location.address.backToResults")}
            </Link>
          </p>
        ) : null}
        {results.length > 0 ? (
          <ul className="mt-3 divide-y divide-line/10 rounded-xl border border-line/15" data-testid="address-results">
            {results.map((option) =>
              option.retrievable ? (
                <li key={option.id}>
                  <Form method="post">
                    <input type="hidden" name="intent" value="select" />
                    <input type="hidden" name="id" value={option.id} />
                    {business ? <input type="hidden" name="type" value="business" /> : null}
                    <button type="submit" className="flex w-full flex-col items-start px-4 py-3 text-left hover:bg-surface" data-testid="address-option">
                      <span className="font-semibold">{option.text}</span>
                      <span className="text-sm">{option.description}</span>
                    </button>
                  </Form>
                </li>
              ) : (
                <li key={option.id}>
                  <Link
                    to={addressSearchHref(text || option.text, { id: option.id, label: option.text })}
                    className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-surface"
                    data-testid="address-container"
                    aria-label={t("booking-location.address.openContainer", { text: option.text, description: option.description })}
                  >
                    <span className="flex flex-col">
                      <span className="font-semibold">{option.text}</span>
                      <span className="text-sm">{option.description}</span>
                    </span>
                    <span aria-hidden="true">›</span>
                  </Link>
                </li>
              ),
            )}
          </ul>
        ) : searched && !searching ? (
          <p className="mt-3" data-testid="address-no-results">
            {t("booking-location.address.noResults")}
          </p>
        ) : null}
      </div>

      <details className="mt-8 rounded-xl border border-line/15 p-4" open={manualOpen || Boolean(manualErrors)} onToggle={(event) => setManualOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer font-semibold">{t("booking-location.address.manual")}</summary>
        <Form method="post" noValidate className="mt-4 space-y-4" key={JSON.stringify(manualErrors?.values ?? {})}>
          <input type="hidden" name="intent" value="manual" />
          {business ? <input type="hidden" name="type" value="business" /> : null}
          <ManualAddressFields values={manualErrors?.values ?? { line_1: "", line_2: "", town: "", postcode: postcode }} errors={manualErrors?.fieldErrors ?? {}} />
          <SubmitButton pendingLabel={t("booking-location.saving")} name="intent" value="manual" size="lg">
            {t("booking-location.address.useAddress")}
          </SubmitButton>
        </Form>
      </details>

      {confirmOnly ? null : <HaveBookingCode prominent={false} />}
      <AddressErrorModal error={addressError} />
    </section>
  );
}
