import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { RequestInfoProvider } from "~/lib/observability/request-context";
import { toast, toastShownMs, TOAST_EXPIRE_ANIMATION } from "~/lib/toast";
import { Toaster } from "./toaster";

const flashed = toast({ type: "error", message: "We could not find that order", durationMs: 15_000 });

describe("the toaster rendered by the server (ADRs 206, 244)", () => {
  it("renders the flashed toast at once on a page without hydration, with its duration for the page module", () => {
    const html = renderToString(
      <RequestInfoProvider value={{ enhancements: ["page"] }}>
        <Toaster incoming={flashed} />
      </RequestInfoProvider>,
    );
    expect(html).toContain("We could not find that order");
    expect(html).toContain('data-duration-ms="15000"');
    expect(html).toContain("--toast-ms:15000ms");
    expect(html).toContain("data-toast-dismiss");
  });

  it("renders it on a page that hydrates too, in its live region, hidden by its own animation after its duration (no page module there)", () => {
    const html = renderToString(<Toaster incoming={flashed} />);
    expect(html).toMatch(/role="alert" aria-live="assertive"[^>]*><div[^>]*data-toast="[^"]+"/);
    expect(html).toContain("We could not find that order");
    expect(html).toContain(`data-toast="${flashed.id}"`);
    expect(html).toContain("--toast-ms:15000ms");
    expect(html).not.toContain("data-duration-ms");
    // Dismissible without JavaScript: a checkbox named for screen readers, which CSS reads.
    expect(html).toMatch(/<input type="checkbox"[^>]*aria-label="[^"]+"[^>]*data-toast-dismiss/);
  });

  it("renders a success toast in the polite region with the default 5 seconds", () => {
    const html = renderToString(<Toaster incoming={toast({ type: "success", key: "toasts.cancelled" })} />);
    expect(html).toMatch(/role="status" aria-live="polite"[^>]*><div[^>]*data-testid="toast-success"/);
    expect(html).toContain("--toast-ms:5000ms");
  });

  it("renders nothing without a toast", () => {
    expect(renderToString(<Toaster incoming={null} />)).not.toContain("data-toast");
  });
});

describe("how long a painted toast has been showing (ADR 244)", () => {
  const element = (animations: { animationName: string; currentTime: number | null }[]) => ({ getAnimations: () => animations }) as unknown as Element;

  it("is the current time of its hide animation, which started at the first paint", () => {
    expect(toastShownMs(element([{ animationName: TOAST_EXPIRE_ANIMATION, currentTime: 4_200 }]))).toBe(4_200);
  });

  it("ignores other animations, and is 0 without one, without an element or before it starts", () => {
    expect(toastShownMs(element([{ animationName: "spin", currentTime: 9_000 }]))).toBe(0);
    expect(toastShownMs(element([]))).toBe(0);
    expect(toastShownMs(element([{ animationName: TOAST_EXPIRE_ANIMATION, currentTime: null }]))).toBe(0);
    expect(toastShownMs(null)).toBe(0);
  });
});
