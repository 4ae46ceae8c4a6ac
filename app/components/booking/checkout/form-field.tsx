import type { InputHTMLAttributes } from "react";

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  /** Already translated. */
  error?: string | null;
  hint?: string | null;
  idPrefix?: string;
}

/** A labelled text input whose error and hint are tied to it (aria-invalid, aria-describedby). */
export function FormField({ name, label, error, hint, idPrefix = "", className, ...input }: FormFieldProps) {
  const id = `${idPrefix}${name}`;
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
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 w-full rounded border px-3 py-2 ${error ? "border-danger-border" : "border-line/30"}`}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
