import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, type ReactNode } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where Tab (or Shift+Tab) goes from the focusable at `index` of `count`: it wraps inside the dialog. */
export function trappedFocusIndex(index: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (index < 0) return backwards ? count - 1 : 0;
  return backwards ? (index - 1 + count) % count : (index + 1) % count;
}

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Closing goes here (a page without the modal): a link, so closing works without JavaScript. */
  closeHref?: string;
  /** Or closing is local state. */
  onClose?: () => void;
  closeLabel: string;
  /** "alert" for modals that report a problem (IMEI error, maximum devices). */
  role?: "dialog" | "alertdialog";
  testId?: string;
}

/**
 * An accessible modal dialog: labelled by its title, described by its body, focus moved into it
 * and kept there (Tab wraps), Escape closes, focus returns to where it was. It renders in place on
 * the server, so a modal opened by the URL or by an action's answer shows without JavaScript.
 */
export function Modal({ title, children, closeHref, onClose, closeLabel, role = "dialog", testId }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  const close = useCallback(() => {
    if (onClose) onClose();
    else if (closeHref) navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [onClose, closeHref, navigate]);
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[hidden]"));
    // Focus the first field or action of the body, else the dialog itself.
    const body = node.querySelector<HTMLElement>(`[data-modal-body]`);
    const first = (body && Array.from(body.querySelectorAll<HTMLElement>(FOCUSABLE))[0]) ?? focusables()[0];
    (first ?? node).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === "Tab") {
        const items = focusables();
        const index = items.indexOf(document.activeElement as HTMLElement);
        const target = items[trappedFocusIndex(index, items.length, event.shiftKey)];
        event.preventDefault();
        (target ?? node).focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      if (previous && previous.isConnected) previous.focus();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-scrim/50 p-4 sm:items-center" data-testid={testId ? `${testId}-backdrop` : undefined}>
      <div
        ref={dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className="relative max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-xl bg-page p-6 text-ink shadow-2xl"
        data-testid={testId}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {closeHref && !onClose ? (
            <Link to={closeHref} replace preventScrollReset aria-label={closeLabel} className="-m-1 p-1 text-2xl leading-none">
              <span aria-hidden="true">×</span>
            </Link>
          ) : (
            <button type="button" onClick={close} aria-label={closeLabel} className="-m-1 p-1 text-2xl leading-none">
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div id={bodyId} className="mt-3 space-y-4" data-modal-body>
          {children}
        </div>
      </div>
    </div>
  );
}
