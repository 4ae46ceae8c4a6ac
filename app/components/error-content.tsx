import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRequestInfo } from "~/lib/observability/request-context";
import { ButtonLink } from "~/components/ui/button";

/** Title and text per status; the 4xx ones answer refused posts (ADR 054, 055). */
const ERROR_TEXTS: Record<number, [string, string]> = {
  400: ["errors.badRequestTitle", "errors.badRequestText"],
  403: ["errors.forbiddenTitle", "errors.forbiddenText"],
  404: ["errors.notFoundTitle", "errors.notFoundText"],
  413: ["errors.tooLargeTitle", "errors.tooLargeText"],
  415: ["errors.unsupportedTitle", "errors.unsupportedText"],
  503: ["errors.unavailableTitle", "errors.unavailableText"],
};

export function ErrorContent({ status }: { status: number }) {
  const { t } = useTranslation();
  const [titleKey, textKey] = ERROR_TEXTS[status] ?? ["errors.genericTitle", "errors.genericText"];
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid={`error-${status}`}>
      <h1 className="mb-4 text-3xl font-bold">{t(titleKey)}</h1>
      <p className="mb-8">{t(textKey)}</p>
      <ErrorReference />
      <ButtonLink to="/" size="sm">
        {t("errors.backHome")}
      </ButtonLink>
    </section>
  );
}

/** The request id, so that a customer can quote it and support can find the log lines (ADR 052). */
export function ErrorReference() {
  const { t } = useTranslation();
  const { requestId } = useRequestInfo();
  if (!requestId) return null;
  return (
    <p className="mb-8 text-sm opacity-75" data-testid="error-reference" data-request-id={requestId}>
      {t("errors.reference", { id: requestId })}
    </p>
  );
}

/**
 * The error page inside the carrier's frame, for routes with actions. An error thrown by an action
 * skips the loaders from its boundary down: with the boundary on the route rather than the root, the
 * root loader still runs, so a refused post (400/403/413/415) gets the branded header and footer.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403 && (error.data as { reason?: unknown } | null)?.reason === STAFF_FORBIDDEN) return <StaffForbidden />;
  return <ErrorContent status={isRouteErrorResponse(error) ? error.status : 500} />;
}

/** The `reason` of the 403 a staff route answers to a role that may not use it (ADR 096). */
export const STAFF_FORBIDDEN = "staff-forbidden";

/** A staff page the person's role may not use: says so, and leads back to the staff area. */
export function StaffForbidden() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="error-403-staff">
      <h1 className="mb-4 text-3xl font-bold">{t("errors.staffForbiddenTitle")}</h1>
      <p className="mb-8">{t("errors.staffForbiddenText")}</p>
      <ErrorReference />
      <ButtonLink to="/store" size="sm">
        {t("errors.staffHome")}
      </ButtonLink>
    </section>
  );
}
