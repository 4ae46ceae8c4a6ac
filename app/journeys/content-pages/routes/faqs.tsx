import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFaqs } from "~/content/content.server";
import { titleMeta } from "~/i18n/meta";
import { guardCarrierOnlyRoute } from "~/lib/carrier-routes.server";
import { requireTenant, contentOrUnavailable } from "~/tenant/tenant.server";

/** Served without hydration (ADR 206). */
export const handle = { liveChat: true, hydrate: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const { carrier, locale } = await requireTenant(request);
  guardCarrierOnlyRoute(carrier);
  const { categories, items } = await contentOrUnavailable(getFaqs(carrier, locale));
  return { brand: carrier.name, categories, items };
}

export const meta: MetaFunction<typeof loader> = titleMeta("faqs.title");

export default function FaqLayout() {
  const { categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("faqs.title")}</h1>
      <p className="mt-2">{t("faqs.intro")}</p>
      <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr]">
        <nav aria-label={t("faqs.categories")}>
          <ul className="space-y-1">
            <li>
              <NavLink to="/faqs" end className={({ isActive }) => `block rounded px-3 py-2 ${isActive ? "bg-primary font-semibold text-on-primary" : "hover:bg-surface"}`}>
                {t("faqs.all")}
              </NavLink>
            </li>
            {categories.map((category) => (
              <li key={category.slug}>
                <NavLink
                  to={`/faqs/${category.slug}`}
                  className={({ isActive }) => `block rounded px-3 py-2 ${isActive ? "bg-primary font-semibold text-on-primary" : "hover:bg-surface"}`}
                >
                  {category.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <Outlet />
          <aside className="mt-10 rounded-xl bg-surface p-6">
            <h2 className="text-lg font-bold">{t("faqs.stillNeedHelp")}</h2>
            <Link to="/contact" className="mt-2 inline-block font-semibold underline">
              {t("faqs.contactUs")}
            </Link>
          </aside>
        </div>
      </div>
    </div>
  );
}
