/**
 * The carrier's other support options for the repair-type page, from its CMS entry only: its
 * support picker, website, phone, e-mail, then the site's help guides. At most
 * `additionalLandingPageLimit` of them (spec §9: 7, or 3 for one carrier).
 */
import type { Carrier } from "~/content/schemas";

export type SupportOptionKind = "picker" | "web" | "phone" | "email" | "help";

export interface SupportOption {
  kind: SupportOptionKind;
  href: string;
  label: string;
  external: boolean;
  newTab: boolean;
}

type SupportFields = Pick<Carrier, "externalSupportPickerUrl" | "web" | "formattedWeb" | "phone" | "email" | "additionalLandingPageLimit">;

export function supportOptions(carrier: SupportFields): SupportOption[] {
  const options: SupportOption[] = [];
  if (carrier.externalSupportPickerUrl) options.push({ kind: "picker", href: carrier.externalSupportPickerUrl, label: carrier.externalSupportPickerUrl, external: true, newTab: false });
  if (carrier.web && /^https?:\/\//.test(carrier.web)) options.push({ kind: "web", href: carrier.web, label: carrier.formattedWeb ?? carrier.web, external: true, newTab: true });
  if (carrier.phone) options.push({ kind: "phone", href: `tel:${carrier.phone.replace(/[^\d+]/g, "")}`, label: carrier.phone, external: true, newTab: false });
  if (carrier.email) options.push({ kind: "email", href: `mailto:${carrier.email}`, label: carrier.email, external: true, newTab: false });
  options.push({ kind: "help", href: "/help", label: "", external: false, newTab: false });
  const limit = carrier.additionalLandingPageLimit > 0 ? carrier.additionalLandingPageLimit : options.length;
  return options.slice(0, limit);
}
