import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

const LOOK = {
  primary: "border-primary bg-primary text-on-primary",
  secondary: "border-primary text-primary",
  quiet: "border-line/30 bg-page text-ink",
} as const;

interface Submission {
  state: "idle" | "submitting" | "loading";
  formData?: FormData;
}

/**
 * A form's submit button, busy while its form is being sent: by the page's navigation, or by a
 * fetcher when one is given. Several buttons of a page are told apart by `name`/`value`. The busy
 * button says so (its pending label, else a hidden "…") and is aria-disabled; without JavaScript it
 * is a plain button.
 */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  size = "md",
  fetcher,
  testId,
  className = "",
  ...button
}: {
  children: ReactNode;
  pendingLabel?: string;
  variant?: keyof typeof LOOK;
  size?: "md" | "lg";
  fetcher?: Submission;
  testId?: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "type">) {
  const navigation = useNavigation();
  const submission: Submission = fetcher ?? navigation;
  const name = typeof button.name === "string" ? button.name : null;
  const value = typeof button.value === "string" ? button.value : null;
  const pending = submission.state === "submitting" && (!name || !value || submission.formData?.get(name) === value);
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      className={`rounded-lg border-2 px-6 py-3 font-semibold ${size === "lg" ? "text-lg" : ""} ${LOOK[variant]} ${pending ? "opacity-70" : ""} ${className}`}
      data-testid={testId}
      {...button}
    >
      {pending && pendingLabel ? pendingLabel : children}
      {pending && !pendingLabel ? <span className="sr-only"> …</span> : null}
    </button>
  );
}
