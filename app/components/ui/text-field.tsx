import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldError } from "./field-error";

interface FieldFrame {
  id: string;
  label: ReactNode;
  /** Already translated. */
  hint?: string | null;
  error?: string | readonly string[] | null;
  /** data-testid of the error message (defaults to `<id>-error`). */
  errorTestId?: string;
  /** The error is announced when it appears (a page whose only message it is). */
  announceError?: boolean;
  /** "lg" for the one big field of a step (postcode, store code). */
  size?: "md" | "lg";
  /** Ids of other text that describes the control (read before its hint and error). */
  "aria-describedby"?: string;
  className?: string;
}

const hasError = (error: FieldFrame["error"]) => (typeof error === "string" ? error.length > 0 : Boolean(error?.length));

/** The control's ids and look: aria-invalid, aria-describedby (hint, then error), a red border on error. */
function controlProps({ id, hint, error, size = "md", "aria-describedby": described }: FieldFrame) {
  const invalid = hasError(error);
  const describedBy = [described, hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const padding = size === "lg" ? "px-4 py-3 text-lg" : "px-3 py-2";
  return {
    id,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": describedBy,
    className: `mt-1 w-full rounded-lg border bg-field text-on-field ${padding} ${invalid ? "border-danger-border" : "border-line/30"}`,
  } as const;
}

/** The label, hint, control and error of one field. */
function Frame({ frame, children }: { frame: FieldFrame; children: ReactNode }) {
  const { id, label, hint, error, errorTestId, announceError, className } = frame;
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
      {children}
      <FieldError id={`${id}-error`} messages={error} testId={errorTestId ?? `${id}-error`} announce={announceError} />
    </div>
  );
}

function split<T extends FieldFrame>(props: T) {
  const { id, label, hint, error, errorTestId, announceError, size, className, "aria-describedby": described, ...control } = props;
  return { frame: { id, label, hint, error, errorTestId, announceError, size, className, "aria-describedby": described }, control };
}

/** A labelled text input with its hint and inline error, keeping what was typed. */
export function TextField(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "size" | "className">) {
  const { frame, control } = split(props);
  return (
    <Frame frame={frame}>
      <input type="text" {...control} {...controlProps(frame)} />
    </Frame>
  );
}

/** A labelled multi-line text field. */
export function TextArea(props: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">) {
  const { frame, control } = split(props);
  return (
    <Frame frame={frame}>
      <textarea {...control} {...controlProps(frame)} />
    </Frame>
  );
}

/** A labelled select; its options are the children. */
export function Select(props: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "size" | "className">) {
  const { frame, control } = split(props);
  return (
    <Frame frame={frame}>
      <select {...control} {...controlProps(frame)} />
    </Frame>
  );
}
