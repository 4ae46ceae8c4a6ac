/**
 * What the booked-page cache at the edge (ADR 225, page-caches.server.ts) takes from the app: the
 * visitor's booking session, the booking's version and the engine's clock and change signal (ADR
 * 233), through the engine door.
 */
import { getEngine } from "~/booking.server";
import { readBookingSession } from "~/lib/session.server";

export const bookedPageSource = {
  session: readBookingSession,
  version: async (reference: string) => (await getEngine()).basket.pageVersion(reference),
  /** The engine's clock and the signal of its availability answers, for the repair date and checkout (ADR 233). */
  freshness: async () => (await getEngine()).pageFreshness,
};

export type BookedPageSource = typeof bookedPageSource;
