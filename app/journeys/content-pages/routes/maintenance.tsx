import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/i18n/meta";
import { requireTenant } from "~/tenant/tenant.server";

/** Served without hydration (ADR 206). */
export const handle = { hydrate: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const { carrier } = await requireTenant(request);
  if (!carrier.maintenance) throw redirect("/");
  return data({ brand: carrier.name, phone: carrier.phone }, { status: 503, headers: { "Retry-After": "600" } });
}

export const meta: MetaFunction = titleMeta("maintenance.title");

export default function Maintenance() {
  const { phone } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="maintenance">
      <h1 className="mb-4 text-3xl font-bold">{t("maintenance.title")}</h1>
      <p>{t("maintenance.text")}</p>
      {phone ? <p className="mt-4">{t("maintenance.callUs", { phone })}</p> : null}
    </section>
  );
}
