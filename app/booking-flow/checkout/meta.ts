import type { MetaFunction } from "@remix-run/node";
import { metaContext } from "~/i18n/meta";

/** A booking step's document title in the carrier's language: '<step> · <brand>'. */
export function stepMeta(titleKey: string): MetaFunction {
  return ({ matches }) => {
    const { t, brand } = metaContext(matches);
    return [{ title: brand ? `${t(titleKey)} · ${brand}` : t(titleKey) }];
  };
}
