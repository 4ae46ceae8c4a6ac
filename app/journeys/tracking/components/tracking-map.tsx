import { useTranslation } from "react-i18next";
import { fitView, inView, tilesFor, type Point } from "~/journeys/tracking/tracking-view";

const WIDTH = 640;
const HEIGHT = 360;

/**
 * The van and the customer's home on a map (spec §2 /my/technician). With a tile server configured
 * the tiles are drawn under the markers; without one, a plain schematic with the same projection.
 * Either way the page states positions and arrival in words as well. Van, route and markers take
 * the carrier's theme colours (primary for the van and route, accent for home).
 */
export function TrackingMap({ home, van, tileTemplate, attribution }: { home: Point; van: Point | null; tileTemplate: string | null; attribution: string | null }) {
  const { t } = useTranslation();
  const points = van ? [home, van] : [home];
  const view = fitView(points, WIDTH, HEIGHT, { padding: 56, maxZoom: 16, minZoom: 4 });
  const homeAt = inView(home, view);
  const vanAt = van ? inView(van, view) : null;
  const tiles = tileTemplate ? tilesFor(view, tileTemplate) : [];
  return (
    <figure className="overflow-hidden rounded-xl border border-line/10" data-testid="tracking-map" data-tiles={tiles.length > 0}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={van ? t("manage.tracking.mapLabel") : t("manage.tracking.mapLabelHome")}
        className="block h-auto w-full bg-surface"
      >
        {tiles.length ? (
          tiles.map((tile) => <image key={tile.url + tile.left} href={tile.url} x={tile.left} y={tile.top} width={256} height={256} preserveAspectRatio="none" />)
        ) : (
          <g className="stroke-ink/15" strokeWidth={1}>
            {Array.from({ length: 17 }, (_, i) => (
              <line key={`v${i}`} x1={i * 40} y1={0} x2={i * 40} y2={HEIGHT} />
            ))}
            {Array.from({ length: 10 }, (_, i) => (
              <line key={`h${i}`} x1={0} y1={i * 40} x2={WIDTH} y2={i * 40} />
            ))}
          </g>
        )}
        {vanAt ? <line x1={vanAt.x} y1={vanAt.y} x2={homeAt.x} y2={homeAt.y} className="stroke-primary" strokeWidth={3} strokeDasharray="8 6" /> : null}
        <g transform={`translate(${homeAt.x} ${homeAt.y})`} data-testid="map-home">
          <circle r={16} className="fill-accent stroke-page" strokeWidth={3} />
          <path d="M-8 2 L0 -7 L8 2 M-5 0 V7 H5 V0" fill="none" className="stroke-page" strokeWidth={2.5} strokeLinejoin="round" />
          <text y={34} textAnchor="middle" fontSize={15} fontWeight={700} className="fill-ink stroke-page" strokeWidth={4} paintOrder="stroke">
            {t("manage.tracking.home")}
          </text>
        </g>
        {vanAt ? (
          <g transform={`translate(${vanAt.x} ${vanAt.y})`} data-testid="map-van">
            <circle r={18} className="fill-primary stroke-on-primary" strokeWidth={3} />
            <path d="M-10 -4 H3 V5 H-10 Z M3 -1 H8 L10 2 V5 H3" className="fill-on-primary" />
            <circle cx={-6} cy={6} r={2.5} className="fill-primary stroke-on-primary" strokeWidth={1.5} />
            <circle cx={6} cy={6} r={2.5} className="fill-primary stroke-on-primary" strokeWidth={1.5} />
            <text y={-26} textAnchor="middle" fontSize={15} fontWeight={700} className="fill-ink stroke-page" strokeWidth={4} paintOrder="stroke">
              {t("manage.tracking.van")}
            </text>
          </g>
        ) : null}
      </svg>
      {tiles.length && attribution ? <figcaption className="bg-page px-2 py-1 text-right text-xs">{attribution}</figcaption> : null}
    </figure>
  );
}
