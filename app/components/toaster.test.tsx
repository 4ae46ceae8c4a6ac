import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { RequestInfoProvider } from "~/lib/observability/request-context";
import { toast } from "~/lib/toast";
import { Toaster } from "./toaster";

const flashed = toast({ type: "error", message: "We could not find that order", durationMs: 15_000 });

describe("the toaster rendered by the server (ADRs 206, 241)", () => {
  it("renders the flashed toast at once, with its duration for the page module", () => {
    const html = renderToString(
      <RequestInfoProvider value={{ enhancements: ["page"] }}>
        <Toaster incoming={flashed} />
      </RequestInfoProvider>,
    );
    expect(html).toContain("We could not find that order");
    expect(html).toContain('data-duration-ms="15000"');
    expect(html).toContain("data-toast-dismiss");
  });

  it("leaves it to the hydrated page's effect otherwise, so the toast and its timer start together (ADR 241, status)", () => {
    const html = renderToString(<Toaster incoming={flashed} />);
    expect(html).not.toContain("We could not find that order");
  });
});
