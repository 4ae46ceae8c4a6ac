/** The staff log-in form (ADR 096): what it accepts, with the message key of each refusal. */
import { z } from "zod";
import { sameSitePath } from "~/lib/staff/redirect";

const loginSchema = z.object({
  username: z.string().trim().min(1, "store.login.errors.usernameRequired").max(254, "store.login.errors.tooLong"),
  // Not trimmed: a space may be part of a password.
  password: z.string().min(1, "store.login.errors.passwordRequired").max(1024, "store.login.errors.tooLong"),
  redirectTo: z.unknown().transform(sameSitePath),
});

export type LoginForm = z.output<typeof loginSchema>;
export type LoginFieldErrors = Partial<Record<"username" | "password", string>>;

export function parseLogin(form: FormData): { ok: true; login: LoginForm } | { ok: false; username: string; redirectTo: string; errors: LoginFieldErrors } {
  const input = { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? ""), redirectTo: form.get("redirectTo") };
  const parsed = loginSchema.safeParse(input);
  if (parsed.success) return { ok: true, login: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "username" || field === "password") && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, username: input.username.slice(0, 254), redirectTo: sameSitePath(input.redirectTo), errors };
}
