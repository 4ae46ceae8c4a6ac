/**
 * The carrier's other support options for the repair-type page, from its CMS entry only: its
 * support picker, website, phone, e-mail, then the site's help guides. At most
 * `additionalLandingPageLimit` of them (spec §9: 7, or 3 for one carrier).
 */
import type { Carrier } from "~/content/schemas";
import { mailtoHref, safeUrl, telHref } from "@repair/rules/url";

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
  // Every href passes the URL policy again here (ADR 058): a link from the CMS is never a script.
  const picker = safeUrl(carrier.externalSupportPickerUrl);
  const web = safeUrl(carrier.web);
  const tel = telHref(carrier.phone);
  const mailto = mailtoHref(carrier.email);
  if (picker) options.push({ kind: "picker", href: picker, label: picker, external: true, newTab: false });
  if (web) options.push({ kind: "web", href: web, label: carrier.formattedWeb ?? web, external: true, newTab: true });
  if (tel && carrier.phone) options.push({ kind: "phone", href: tel, label: carrier.phone, external: true, newTab: false });
  if (mailto && carrier.email) options.push({ kind: "email", href: mailto, label: carrier.email, external: true, newTab: false });
  options.push({ kind: "help", href: "/help", label: "", external: false, newTab: false });
  const limit = carrier.additionalLandingPageLimit > 0 ? carrier.additionalLandingPageLimit : options.length;
  return options.slice(0, limit);
}
