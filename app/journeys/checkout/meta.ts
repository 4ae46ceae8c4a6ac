import type { MetaFunction } from "@remix-run/node";
import { titleMeta } from "~/i18n/meta";

/** A booking step's document title in the carrier's language: '<step> · <brand>'. */
export function stepMeta(titleKey: string): MetaFunction {
  return titleMeta(titleKey);
}
