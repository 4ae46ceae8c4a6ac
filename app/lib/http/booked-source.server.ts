/**
 * What the booked-page cache at the edge (server.ts, ADR 225) takes from the server build: the
 * visitor's booking session and the booking's version, through the build's own engine. Exported by
 * entry.server.tsx, like the partner API, so server.ts uses the build's module instances.
 */
import { getEngine } from "~/booking.server";
import { readBookingSession } from "~/lib/session.server";

export const bookedPageSource = {
  session: readBookingSession,
  version: async (reference: string) => (await getEngine()).basket.pageVersion(reference),
};

export type BookedPageSource = typeof bookedPageSource;
