import { useNavigation } from "@remix-run/react";
import { Button, type ButtonProps } from "./button";

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
export function SubmitButton({ fetcher, testId, ...button }: { fetcher?: Submission; testId?: string } & Omit<ButtonProps, "type" | "pending">) {
  const navigation = useNavigation();
  const submission: Submission = fetcher ?? navigation;
  const name = typeof button.name === "string" ? button.name : null;
  const value = typeof button.value === "string" ? button.value : null;
  const pending = submission.state === "submitting" && (!name || !value || submission.formData?.get(name) === value);
  return <Button type="submit" pending={pending} data-testid={testId} {...button} />;
}
