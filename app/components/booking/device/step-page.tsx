import { Link, useNavigation } from "@remix-run/react";
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

/** Messages under a field; the field points at this id with aria-describedby. */
export function FieldError({ id, messages }: { id: string; messages?: readonly string[] | null }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {messages.join(" ")}
    </p>
  );
}

/** A problem with the whole form, announced when it appears. */
export function FormAlert({ messages, testId }: { messages?: readonly string[] | null; testId?: string }) {
  if (!messages?.length) return null;
  return (
    <div role="alert" className="rounded-lg border-l-4 border-danger-border bg-danger-surface px-4 py-3 font-medium text-on-danger-surface" data-testid={testId}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** The primary submit button, busy while its form is being sent (client-side navigation). */
export function SubmitButton({ children, name, value, variant = "primary", testId }: { children: ReactNode; name?: string; value?: string; variant?: "primary" | "secondary"; testId?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      aria-disabled={busy || undefined}
      className={
        variant === "primary"
          ? "rounded-lg bg-primary px-6 py-3 font-semibold text-on-primary disabled:opacity-60"
          : "rounded-lg border-2 border-primary px-6 py-3 font-semibold text-primary"
      }
      data-testid={testId}
    >
      {children}
      {busy ? <span className="sr-only"> …</span> : null}
    </button>
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
