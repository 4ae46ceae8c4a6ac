import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getHelpGuides } from "~/content/content.server";
import { notFound } from "~/lib/carrier-routes.server";
import { requireTenant, contentOrUnavailable } from "~/tenant/tenant.server";
import { ButtonLink } from "~/components/ui/button";

/** Served without hydration (ADR 206). */
export const handle = { liveChat: true, hydrate: false };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { carrier, locale } = await requireTenant(request);
  const guides = await contentOrUnavailable(getHelpGuides(carrier, locale));
  const guide = guides.find((entry) => entry.slug === params.slug);
  if (!guide) throw notFound();
  return { brand: carrier.name, guide };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: `${data.guide.title} · ${data.brand}` }] : []);

export default function HelpGuidePage() {
  const { guide } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="help-guide">
      <Link to="/help" className="text-sm underline">
        {t("help.backToHelp")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{guide.title}</h1>
      {guide.intro ? <p className="mt-2">{guide.intro}</p> : null}
      <ol className="mt-8 space-y-4">
        {guide.steps.map((step, index) => (
          <li key={step.title} className="rounded-xl bg-surface p-5" data-testid="help-step">
            <p className="text-sm font-semibold uppercase tracking-wide">
              {guide.kind === "options" ? t("help.option", { number: index + 1 }) : t("help.step", { number: index + 1 })}
            </p>
            <h2 className="mt-1 text-lg font-bold">{step.title}</h2>
            {step.text ? <p className="mt-2">{step.text}</p> : null}
          </li>
        ))}
      </ol>
      <ButtonLink to="/contact" className="mt-10" data-testid="not-solved">
        {t("help.notSolved")}
      </ButtonLink>
    </article>
  );
}
