import type { InputHTMLAttributes } from "react";

/** A labelled text input with its inline error (aria-invalid, aria-describedby), keeping what was typed. */
export function TextField({
  id,
  label,
  error,
  hint,
  className = "",
  ...input
}: { id: string; label: string; error?: string | null; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink/80">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 w-full rounded-lg border bg-field px-4 py-3 text-lg text-on-field ${error ? "border-danger-border" : "border-line/30"}`}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 font-semibold text-danger" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
