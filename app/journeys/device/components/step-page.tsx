import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorBody, PageBehaviour } from "~/lib/errors/field-texts";

/**
 * A step action's error: the engine's (or the step's own checks', `local`), with what the server
 * looked up for it: how the §8 table shows it, and each field message's i18n key (null: the
 * engine's message as it came). The browser needs no copy of the table or the field keys (ADR 098).
 */
export type StepError = ErrorBody & { local?: boolean; behaviour: PageBehaviour; fieldKeys: Record<string, (string | null)[]> };

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
 * engine's are shown by the keys and behaviour the server sent with them (lib/errors/error-table.ts).
 */
export function useStepErrors(error: StepError | null | undefined) {
  const { t } = useTranslation();
  const translate = (key: string) => t(key);
  const behaviour = error?.behaviour ?? null;
  const field = (name: string) => {
    const messages = error?.fields[name] ?? [];
    if (error?.local) return messages.map(translate);
    return messages.map((message, index) => {
      const key = error?.fieldKeys[name]?.[index];
      return key ? t(key) : message;
    });
  };
  const general = () => {
    if (!error) return [];
    if (error.local) return error.messages.map(translate);
    if (behaviour?.key && behaviour.show !== "field") return [t(behaviour.key)];
    return behaviour?.show === "field" ? Object.keys(error.fields).flatMap(field) : error.messages;
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
