import type { InputHTMLAttributes } from "react";
import { Button, type ButtonVariant } from "./button";
import { TextField } from "./text-field";

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "size" | "className" | "type"> {
  id: string;
  label: string;
  /** The search button's text. */
  buttonLabel: string;
  buttonVariant?: ButtonVariant;
  buttonTestId?: string;
  /** Already translated. */
  error?: string | null;
  errorTestId?: string;
  /** The error is the page's only message: announced when it appears. */
  announceError?: boolean;
  /** "lg" for the one search of a step (postcode, address). */
  size?: "md" | "lg";
  /** "text" where the input must not be a search box (a postcode). */
  type?: "search" | "text";
  "aria-describedby"?: string;
  /** Layout only. */
  className?: string;
}

/**
 * The search block of a `role="search"` form: a labelled input with its error, and the button beside
 * it (under it on a phone). The form stays the page's, with its method and hidden fields.
 */
export function SearchField({ buttonLabel, buttonVariant = "primary", buttonTestId, size = "md", type = "search", className = "", ...field }: SearchFieldProps) {
  return (
    <div className={`flex flex-col gap-2 sm:flex-row sm:items-start ${className}`}>
      <TextField className="min-w-0 flex-1" type={type} size={size} {...field} />
      <Button type="submit" variant={buttonVariant} size={size === "lg" ? "lg" : "sm"} className="sm:mt-7" data-testid={buttonTestId}>
        {buttonLabel}
      </Button>
    </div>
  );
}
