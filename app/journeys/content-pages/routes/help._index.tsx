import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getHelpGuides } from "~/content/content.server";
import { titleMeta } from "~/i18n/meta";
import { helpGuideSlugs } from "~/content/schemas";
import { requireTenant, contentOrUnavailable } from "~/tenant/tenant.server";

/** Served without hydration (ADR 206). */
export const handle = { liveChat: true, hydrate: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const { carrier, locale } = await requireTenant(request);
  const guides = await contentOrUnavailable(getHelpGuides(carrier, locale));
  const ordered = [...guides].sort((a, b) => helpGuideSlugs.indexOf(a.slug) - helpGuideSlugs.indexOf(b.slug));
  return { brand: carrier.name, guides: ordered.map(({ slug, title, intro }) => ({ slug, title, intro })) };
}

export const meta: MetaFunction<typeof loader> = titleMeta("help.title");

export default function HelpIndex() {
  const { guides } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("help.title")}</h1>
      <p className="mt-2">{t("help.intro")}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <Link to={`/help/${guide.slug}`} className="block h-full rounded-xl border border-line/10 p-5 hover:bg-surface">
              <span className="text-lg font-bold">{guide.title}</span>
              {guide.intro ? <span className="mt-1 block">{guide.intro}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
