import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listStaffAccounts } from "~/content/staff.server";
import { titleMeta } from "~/i18n/meta";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { StaffTable } from "~/journeys/store/components/staff-table";
import { contentOrUnavailable } from "~/tenant/tenant.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store"] };

export const meta: MetaFunction = titleMeta("store.area.title");

/** /store/area: the staff of the person's service area (all of the carrier's for one without an area). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { carrier, account, headers } = await requireStaff(request, STAFF_PAGES.area.requirement);
  const accounts = await contentOrUnavailable(listStaffAccounts(carrier.code, account.serviceArea));
  return data(
    {
      carrierName: carrier.name,
      serviceArea: account.serviceArea,
      accounts: accounts.map(({ id, name, role, username, disabled }) => ({ id, name, role, username, disabled })),
    },
    { headers },
  );
}

export default function AreaStaffPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("store.area.title")}</h1>
      <p className="mt-2">{page.serviceArea ? t("store.area.areaName", { area: page.serviceArea }) : t("store.area.allAreas", { carrier: page.carrierName })}</p>
      {page.accounts.length ? (
        <StaffTable
          testId="area-staff"
          className="mt-6"
          headings={[t("store.area.name"), t("store.area.role"), t("store.area.username"), t("store.area.status")]}
          rows={page.accounts.map((member) => ({
            key: member.id,
            cells: [member.name, t(`store.roles.${member.role}`), member.username, member.disabled ? t("store.area.disabled") : t("store.area.active")],
          }))}
        />
      ) : (
        <p className="mt-6">{t("store.area.empty")}</p>
      )}
      <Link to="/store" className="mt-8 inline-block underline">
        {t("store.area.back")}
      </Link>
    </div>
  );
}
