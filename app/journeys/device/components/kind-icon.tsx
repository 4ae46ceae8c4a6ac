import type { DeviceKind } from "~/journeys/device/flow";

/** A simple line drawing of a phone, a tablet or an appliance (decorative: the tile's text names it). */
export function KindIcon({ kind }: { kind: DeviceKind }) {
  const common = { "aria-hidden": true, fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;
  if (kind === "phone") {
    return (
      <svg width="40" height="56" viewBox="0 0 40 56" {...common}>
        <rect x="8" y="2" width="24" height="52" rx="4" />
        <path d="M17 48h6" />
      </svg>
    );
  }
  if (kind === "tablet") {
    return (
      <svg width="56" height="56" viewBox="0 0 56 56" {...common}>
        <rect x="6" y="4" width="44" height="48" rx="4" />
        <path d="M25 46h6" />
      </svg>
    );
  }
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" {...common}>
      <rect x="8" y="4" width="40" height="48" rx="3" />
      <circle cx="28" cy="32" r="11" />
      <path d="M14 12h8" />
    </svg>
  );
}
