import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal of spec §2 that works without JavaScript: it is rendered when the URL or the action
 * says so (e.g. `?remove=<device>`), and its buttons are links and forms. With JavaScript, focus
 * moves into it when it opens.
 */
export function Dialog({ titleId, title, children, testId }: { titleId: string; title: string; children: ReactNode; testId?: string }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-scrim/50 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="w-full max-w-md rounded-xl bg-page p-6 shadow-xl"
        data-testid={testId}
      >
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
}
