import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportOptions } from "~/journeys/location/support-options";
import { requireTenant } from "~/tenant/tenant.server";
import { titleMeta } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";
import { ButtonLink } from "~/components/ui/button";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.repairType.title");

/**
 * External options (spec §2 repair-type; §5: carriers with an additional landing page send a
 * refused postcode here): the carrier's other support options, and back to the postcode search.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { carrier } = await requireTenant(request);
  return { brand: carrier.name, options: supportOptions(carrier) };
}

export default function RepairType() {
  const { brand, options } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="repair-type-title" className="mx-auto max-w-2xl">
      <h1 id="repair-type-title" className="text-3xl font-bold">
        {t("booking-location.repairType.title")}
      </h1>
      <p className="mt-2">{t("booking-location.repairType.intro", { brand })}</p>
      <ul className="mt-6 space-y-3" data-testid="support-options">
        {options.map((option) => (
          <li key={option.kind} className="rounded-xl border border-line/15 p-4">
            <h2 className="text-lg font-bold">{t(`booking-location.repairType.${option.kind}.title`, { brand })}</h2>
            <p className="mt-1">{t(`booking-location.repairType.${option.kind}.text`, { brand, value: option.label })}</p>
            {option.external ? (
              <a href={option.href} className="mt-2 inline-block font-semibold underline underline-offset-4" {...(option.newTab ? { target: "_blank", rel: "noreferrer" } : {})}>
                {t(`booking-location.repairType.${option.kind}.link`, { brand, value: option.label })}
              </a>
            ) : (
              <Link to={option.href} className="mt-2 inline-block font-semibold underline underline-offset-4">
                {t(`booking-location.repairType.${option.kind}.link`, { brand, value: option.label })}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <ButtonLink to="/booking/postcode-search" size="lg">
          {t("booking-location.repairType.tryAnotherPostcode")}
        </ButtonLink>
      </p>
    </section>
  );
}
