import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";

/** The looks the screens use, in the carrier's colour tokens: the main action, a second action, a quiet one, the main action on a primary surface (the landing hero). */
const VARIANTS = {
  primary: "border-primary bg-primary text-on-primary",
  secondary: "border-primary text-primary",
  quiet: "border-line/30 bg-page text-ink",
  inverse: "border-on-primary bg-on-primary text-primary",
  /** Cancelling a booking: the way there, and the final press. */
  "danger-outline": "border-danger-border text-danger",
  danger: "border-danger bg-danger text-on-danger",
} as const;

const SIZES = {
  sm: "px-4 py-2",
  md: "px-6 py-3",
  lg: "px-6 py-3 text-lg",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The whole width of its container (a step's main action on a phone). */
  fullWidth?: boolean;
  /** "pill" for the round ones: tabs, the floating chat launcher. */
  shape?: "rounded" | "pill";
  /** Layout only (margins, alignment, responsive width); the look is the kit's. */
  className?: string;
}

/** The classes of a kit button or button link; `display` is the element's own (a link is inline by default). */
export function buttonClass({ variant = "primary", size = "md", fullWidth = false, shape = "rounded", className = "" }: ButtonLook, display = "inline-block"): string {
  const corners = shape === "pill" ? "rounded-full" : "rounded-lg";
  return [fullWidth ? "block w-full" : display, corners, "border-2 text-center font-semibold disabled:opacity-60", VARIANTS[variant], SIZES[size], className]
    .filter(Boolean)
    .join(" ");
}

export interface ButtonProps extends ButtonLook, Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> {
  /** Busy: aria-disabled, dimmed, and says so (its pending label, else a hidden "…"). */
  pending?: boolean;
  pendingLabel?: ReactNode;
}

/** The one button: every prop of <button> (type, name, value, form, disabled, data-testid, ref) passes through, so its type is the native one unless given. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, fullWidth, shape, className, pending = false, pendingLabel, children, ...button },
  ref,
) {
  return (
    <button
      ref={ref}
      aria-disabled={pending || undefined}
      className={buttonClass({ variant, size, fullWidth, shape, className: `${pending ? "opacity-70" : ""} ${className ?? ""}`.trim() })}
      {...button}
    >
      {pending && pendingLabel ? pendingLabel : children}
      {pending && !pendingLabel ? <span className="sr-only"> …</span> : null}
    </button>
  );
});

export type ButtonLinkProps = ButtonLook & Omit<LinkProps, "className">;

/** A link that looks like a button (it navigates, so it stays a link for assistive technology). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink({ variant, size, fullWidth, shape, className, ...link }, ref) {
  return <Link ref={ref} className={buttonClass({ variant, size, fullWidth, shape, className })} {...link} />;
});
