import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { allFieldTexts, behaviourFor, fieldTexts, type ErrorBody } from "~/lib/errors/error-table";

/** The frame of a device step: a back link, the heading (the page's one h1) and an intro. */
export function StepPage({ title, intro, backHref, children, testId }: { title: ReactNode; intro?: ReactNode; backHref?: string | null; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-6" data-testid={testId}>
      {backHref ? (
        <Link to={backHref} className="inline-flex items-center gap-1 text-sm underline underline-offset-4">
          <span aria-hidden="true">←</span> {t("booking-device.back")}
        </Link>
      ) : null}
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {intro ? <p className="max-w-2xl">{intro}</p> : null}
      </header>
      {children}
    </section>
  );
}

export const tileClass =
  "flex h-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-line/10 bg-surface p-4 text-center font-semibold hover:border-primary focus-visible:border-primary";

/**
 * Reads a step action's error for the form: messages of the step's own checks are i18n keys; the
 * engine's are shown by their field codes and the §8 table (lib/errors/error-table.ts).
 */
export function useStepErrors(error: (ErrorBody & { local?: boolean }) | null | undefined) {
  const { t } = useTranslation();
  const translate = (key: string) => t(key);
  const behaviour = error ? behaviourFor(error.code) : null;
  const field = (name: string) => (error?.local ? (error.fields[name] ?? []).map(translate) : fieldTexts(error, name, translate));
  const general = () => {
    if (!error) return [];
    if (error.local) return error.messages.map(translate);
    if (behaviour?.key && behaviour.show !== "field") return [t(behaviour.key)];
    return behaviour?.show === "field" ? allFieldTexts(error, translate) : error.messages;
  };
  return {
    /** The page's modal for this error (§8 table), if any. */
    modal: behaviour?.modal ?? null,
    /** The error belongs under the form's fields. */
    isField: behaviour?.show === "field",
    /** Shown on the page rather than under a field or in a modal. */
    isGeneral: Boolean(error) && behaviour?.show !== "field" && !behaviour?.modal,
    field,
    /** Messages not tied to a field of this form. */
    general: (fieldNames: readonly string[]) => {
      if (!error) return [];
      const tied = Object.keys(error.fields).some((name) => fieldNames.includes(name));
      return tied ? [] : general();
    },
  };
}
