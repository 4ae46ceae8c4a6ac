import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog whose open state lives in the URL (`?modal=…`): it renders on the server, so it
 * works without JavaScript, and closing is a link back to the page. With JavaScript, focus moves
 * into it, Tab stays inside, Escape closes.
 */
export function ManageModal({ title, closeHref, closeLabel, children, testId }: { title: ReactNode; closeHref: string; closeLabel: string; children: ReactNode; testId: string }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const closeRef = useRef(() => navigate(closeHref, { preventScrollReset: true }));
  closeRef.current = () => navigate(closeHref, { preventScrollReset: true });

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const focusables = () => Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
    const body = node.querySelector<HTMLElement>("[data-modal-body]");
    const first = (body && body.querySelector<HTMLElement>(FOCUSABLE)) ?? focusables()[0];
    if (!node.contains(document.activeElement)) (first ?? node).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === "Tab") {
        const items = focusables();
        if (!items.length) return;
        const index = items.indexOf(document.activeElement as HTMLElement);
        const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : index === items.length - 1 ? 0 : index + 1;
        event.preventDefault();
        items[next]!.focus();
      }
    };
    node.addEventListener("keydown", onKey);
    return () => node.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-scrim/50 px-4 py-10">
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className="w-full max-w-xl rounded-xl bg-page p-6 shadow-xl" data-testid={testId}>
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-bold">
            {title}
          </h2>
          <Link to={closeHref} preventScrollReset className="rounded px-2 text-2xl leading-none" aria-label={closeLabel} data-testid="modal-close">
            ×
          </Link>
        </div>
        <div data-modal-body>{children}</div>
      </div>
    </div>
  );
}

/** A red note for a form (role=alert, so screen readers hear it when it appears). */
export function ErrorNote({ children, testId, id }: { children: ReactNode; testId?: string; id?: string }) {
  return (
    <p id={id} role="alert" className="mt-2 rounded border-l-4 border-danger-border bg-danger-surface px-3 py-2 font-medium text-on-danger-surface" data-testid={testId}>
      {children}
    </p>
  );
}
