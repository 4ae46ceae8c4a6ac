import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/components/ui/field-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { titleMeta } from "~/i18n/meta";
import { clientAddress } from "~/lib/client-address.server";
import { readForm } from "~/lib/http/form.server";
import { sameSitePath } from "~/lib/staff/redirect";
import { currentStaff } from "~/lib/staff/require-staff.server";
import { STAFF_HEADERS, staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { requireTenant } from "~/tenant/tenant.server";
import { parseLogin } from "~/journeys/store/login-form";
import { logIn, loginPage, type LoginPage } from "~/journeys/store/login.server";

/** Refused posts and other errors show inside the carrier's frame (ADR 054). */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store"] };

export const meta: MetaFunction = titleMeta("store.login.title");

/** /store/login (issue 11): a staff member already logged in on this carrier goes on at once. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = sameSitePath(params.get("redirectTo") ?? undefined);
  if (await currentStaff(request)) throw redirect(redirectTo, { headers: STAFF_HEADERS });
  const notice = params.has("expired") ? "store.login.expired" : params.has("loggedOut") ? "store.login.loggedOut" : null;
  return data(loginPage({ redirectTo, notice }), { headers: STAFF_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const [{ carrier }, form] = await Promise.all([requireTenant(request), readForm(request)]);
  const parsed = parseLogin(form);
  if (!parsed.ok) {
    return data(loginPage({ username: parsed.username, redirectTo: parsed.redirectTo, errors: parsed.errors }), { status: 400, headers: STAFF_HEADERS });
  }
  return logIn(request, carrier, parsed.login, clientAddress(request, context));
}

export default function StaffLoginPage() {
  const loaded = useLoaderData<typeof loader>() as LoginPage;
  const posted = useActionData<typeof action>() as LoginPage | undefined;
  const page = posted ?? loaded;
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  // A refused password is never left in the field for the next try.
  useEffect(() => {
    const password = form.current?.elements.namedItem("password");
    if (posted && password instanceof HTMLInputElement) password.value = "";
  }, [posted]);
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-4 text-3xl font-bold">{t("store.login.title")}</h1>
      {page.notice && !posted ? (
        <p role="status" className="mb-4 rounded-lg border border-line/30 px-4 py-3" data-testid="store-login-notice">
          {t(page.notice)}
        </p>
      ) : null}
      <p className="mb-6">{t("store.login.intro")}</p>
      <FormAlert messages={page.alert ? [t(page.alert)] : null} testId="store-login-alert" className="mb-4" />
      <Form method="post" className="space-y-4" noValidate ref={form}>
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        <TextField
          id="staff-username"
          name="username"
          label={t("store.login.username")}
          defaultValue={page.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={page.errors.username ? t(page.errors.username) : null}
        />
        <TextField
          id="staff-password"
          name="password"
          type="password"
          label={t("store.login.password")}
          autoComplete="current-password"
          required
          error={page.errors.password ? t(page.errors.password) : null}
        />
        <SubmitButton pendingLabel={t("store.login.submitting")} testId="store-login-submit">
          {t("store.login.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}
