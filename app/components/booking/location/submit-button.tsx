import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

/**
 * The primary button of a step. With JavaScript it shows a pending label while its form is being
 * submitted (matched by `name`/`value` when several buttons share a page); without, a plain button.
 */
export function SubmitButton({
  label,
  pendingLabel,
  variant = "primary",
  className = "",
  ...button
}: { label: string; pendingLabel?: string; variant?: "primary" | "secondary" } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const name = typeof button.name === "string" ? button.name : null;
  const value = typeof button.value === "string" ? button.value : null;
  const pending =
    navigation.state === "submitting" && (!name || !value || navigation.formData?.get(name) === value);
  const look =
    variant === "primary"
      ? "bg-primary text-on-primary border-primary"
      : "bg-page text-ink border-line/30";
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      className={`rounded-lg border-2 px-6 py-3 text-lg font-semibold ${look} ${pending ? "opacity-70" : ""} ${className}`}
      {...button}
    >
      {pending && pendingLabel ? pendingLabel : label}
    </button>
  );
}
