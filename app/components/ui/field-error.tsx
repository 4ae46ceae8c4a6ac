import type { ReactNode } from "react";

/** Messages under a field; the field points at this id with aria-describedby. */
export function FieldError({ id, messages, testId, announce = false }: { id: string; messages?: string | readonly string[] | null; testId?: string; announce?: boolean }) {
  const list = typeof messages === "string" ? [messages] : (messages ?? []);
  if (!list.length) return null;
  return (
    <p id={id} role={announce ? "alert" : undefined} className="mt-1 font-semibold text-danger" data-testid={testId}>
      {list.join(" ")}
    </p>
  );
}

/** A problem with the whole form, announced when it appears (role=alert). */
export function FormAlert({
  messages,
  children,
  testId,
  id,
  className = "",
}: {
  messages?: readonly string[] | null;
  children?: ReactNode;
  testId?: string;
  id?: string;
  className?: string;
}) {
  if (!messages?.length && !children) return null;
  return (
    <div
      id={id}
      role="alert"
      className={`rounded-lg border-l-4 border-danger-border bg-danger-surface px-4 py-3 font-medium text-on-danger-surface ${className}`}
      data-testid={testId}
    >
      {children ?? messages?.map((message) => <p key={message}>{message}</p>)}
    </div>
  );
}
