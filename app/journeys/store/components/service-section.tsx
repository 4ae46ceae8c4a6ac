import type { ReactNode } from "react";

/** One section of the desk's order page (ADR 257): a heading and its content, found by its test id. */
export function ServiceSection({ title, testId, id, children }: { title: string; testId: string; id?: string; children: ReactNode }) {
  return (
    <section className="mt-8" data-testid={testId} id={id} aria-labelledby={`${testId}-title`}>
      <h2 className="text-xl font-bold" id={`${testId}-title`}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
