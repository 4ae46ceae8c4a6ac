import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, type ReactNode } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where Tab (or Shift+Tab) goes from the focusable at `index` of `count`: it wraps inside the dialog. */
export function trappedFocusIndex(index: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (index < 0) return backwards ? count - 1 : 0;
  return backwards ? (index - 1 + count) % count : (index + 1) % count;
}

/** The three looks the screens use: a small centred box, a step sheet (bottom on phones), a tall top-aligned panel. */
const SIZES = {
  md: { backdrop: "items-center p-4", box: "max-w-md shadow-xl", title: "text-xl", body: "mt-3" },
  lg: { backdrop: "items-end p-4 sm:items-center", box: "relative max-h-[90vh] max-w-lg overflow-y-auto shadow-2xl", title: "text-xl", body: "mt-3 space-y-4" },
  xl: { backdrop: "items-start overflow-y-auto px-4 py-10", box: "max-w-xl shadow-xl", title: "text-2xl", body: "mt-4" },
} as const;

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Closing goes here (the page without the modal): a link, so closing works without JavaScript. */
  closeHref?: string;
  /** Closing replaces the history entry (a modal opened by the URL of the same step). */
  replace?: boolean;
  /** Or closing is local state. */
  onClose?: () => void;
  /** With a way to close, the × control's accessible name; without one, the modal shows no ×. */
  closeLabel?: string;
  /** "alertdialog" for modals that report a problem. */
  role?: "dialog" | "alertdialog";
  size?: keyof typeof SIZES;
  testId?: string;
}

/**
 * The one modal shell: labelled by its title, described by its body, focus moved into it and kept
 * there (Tab wraps), Escape closes when it can be closed, focus returns to the opener. It renders
 * in place on the server, so a modal opened by the URL or by an action's answer shows without
 * JavaScript (the native <dialog> needs script to be modal).
 */
export function Modal({ title, children, closeHref, replace = false, onClose, closeLabel, role = "dialog", size = "lg", testId }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const closable = Boolean(onClose || closeHref);

  const close = useCallback(() => {
    if (onClose) onClose();
    else if (closeHref) navigate(closeHref, { replace, preventScrollReset: true });
  }, [onClose, closeHref, replace, navigate]);
  // The latest close for the key handler below, which is set up once per opening; kept current
  // after each render (declared first, so it runs before the other effects).
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  }, [close]);

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[hidden]"));
    // Focus the first field or action of the body, else the dialog itself (unless already inside).
    if (!node.contains(document.activeElement)) {
      const body = node.querySelector<HTMLElement>("[data-modal-body]");
      const first = (body && body.querySelector<HTMLElement>(FOCUSABLE)) ?? focusables()[0];
      (first ?? node).focus();
    }
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

  const look = SIZES[size];
  const closeClass = "-m-1 rounded p-1 text-2xl leading-none";
  return (
    <div className={`fixed inset-0 z-40 flex justify-center bg-scrim/50 ${look.backdrop}`} data-testid={testId ? `${testId}-backdrop` : undefined}>
      <div
        ref={dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className={`w-full rounded-xl bg-page p-6 text-ink ${look.box}`}
        data-testid={testId}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className={`${look.title} font-bold`}>
            {title}
          </h2>
          {closable && closeLabel ? (
            closeHref && !onClose ? (
              <Link to={closeHref} replace={replace} preventScrollReset aria-label={closeLabel} className={closeClass} data-testid="modal-close">
                <span aria-hidden="true">×</span>
              </Link>
            ) : (
              <button type="button" onClick={close} aria-label={closeLabel} className={closeClass} data-testid="modal-close">
                <span aria-hidden="true">×</span>
              </button>
            )
          ) : null}
        </div>
        <div id={bodyId} className={look.body} data-modal-body>
          {children}
        </div>
      </div>
    </div>
  );
}
