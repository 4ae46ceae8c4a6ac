import { useRouteLoaderData } from "@remix-run/react";

/** The manage session's CSRF token (ADR 055), carried by every form that changes the booking. */
export function CsrfField() {
  const data = useRouteLoaderData("routes/manage.booking") as { csrf?: string } | undefined;
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}
