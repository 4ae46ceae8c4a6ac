/**
 * The orders area's modules for the rest of the engine (service/, the engine's public surface):
 * lookup (the order as the manage page shows it), rules (the 24-hour notice and the money of a
 * cancellation), cancel, changes (date and address), proof (IMEI and proof of purchase), tracking
 * (the van and the technician tracking page), history (the order's story), notices (what a change tells).
 */
export * from "./lookup";
export * from "./rules";
export * from "./cancel";
export * from "./changes";
export * from "./proof";
export * from "./tracking";
