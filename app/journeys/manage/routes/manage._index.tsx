import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ManageBookingBanner } from "~/components/manage-booking-banner";
import { failureInit, findOrder, loadManageContext, manageFailure, toManageScreen, manageDocumentHeaders, type ManageContext } from "~/lib/order-access/manage.server";
import { parseLookup, type LookupFieldErrors, type LookupForm } from "~/lib/order-access/lookup-form";
import type { ShownText } from "~/lib/errors/error-table";
import { readForm, refusedFields, withRefusedFieldErrors } from "~/lib/http/form.server";
import { LOOKUP_UNSUPPORTED_CHARACTERS_KEY, parseLookupLink } from "~/lib/order-access/lookup-link.server";

/** Refused posts and other errors show inside the carrier's frame (ADR 054). */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";
import { titleMeta } from "~/i18n/meta";

export const headers: HeadersFunction = (args) => manageDocumentHeaders(args);

export const handle = { liveChat: true, i18n: ["manage", "manage-lookup", "booking", "booking-device"] };

export const meta: MetaFunction = titleMeta("manage.title");

interface LookupPage {
  values: { email?: string; order_ref?: string };
  errors: LookupFieldErrors;
  alert: ShownText | null;
}

/** Spec §4 "Order lookup": validate, retrieve the order (behind the throttle), then the manage screen. */
async function lookUp(ctx: ManageContext, lookup: LookupForm) {
  try {
    await findOrder(ctx, lookup);
  } catch (error) {
    const failure = manageFailure(ctx, error, "lookup");
    return data({ values: lookup, errors: {}, alert: failure.message } satisfies LookupPage, await failureInit(ctx, error));
  }
  return toManageScreen(ctx, lookup);
}

/** /manage?order_ref=…&email=…: a URL carrying both submits by itself (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has("order_ref") && !params.has("email")) return data({ values: {}, errors: {}, alert: null } satisfies LookupPage);
  const ctx = await loadManageContext(request, context);
  // A control character in the link: that field's error, the other value kept, no lookup (ADR 231).
  const parsed = parseLookupLink(params);
  if (!parsed.ok) return data({ values: parsed.values, errors: parsed.errors, alert: null } satisfies LookupPage, { status: parsed.refused ? 400 : 200 });
  return lookUp(ctx, parsed.lookup);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await loadManageContext(request, context);
  const form = await readForm(request, { textFields: ["email", "order_ref"] });
  const parsed = parseLookup(form);
  // A pasted control character: that field's error, the other field as typed (ADR 231).
  if (!parsed.ok || refusedFields(form).length) {
    const errors = withRefusedFieldErrors(form, parsed.ok ? {} : parsed.errors, LOOKUP_UNSUPPORTED_CHARACTERS_KEY);
    return data({ values: parsed.ok ? parsed.lookup : parsed.values, errors, alert: null } satisfies LookupPage, { status: 400 });
  }
  return lookUp(ctx, parsed.lookup);
}

export default function ManageLookupPage() {
  const loaded = useLoaderData<typeof loader>() as LookupPage;
  const posted = useActionData<typeof action>() as LookupPage | undefined;
  const page = posted ?? loaded;
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{t("manage.title")}</h1>
      <ManageBookingBanner key={JSON.stringify(page)} values={page.values} errors={page.errors} alert={page.alert} />
      <p className="mt-6">{t("manage-lookup.helpText")}</p>
    </div>
  );
}
