import { useTranslation } from "react-i18next";
import { fitView, inView, tilesFor, type Point } from "~/manage/tracking-view";

const WIDTH = 640;
const HEIGHT = 360;

/**
 * The van and the customer's home on a map (spec §2 /my/technician). With a tile server configured
 * the tiles are drawn under the markers; without one, a plain schematic with the same projection.
 * Either way the page states positions and arrival in words as well.
 */
export function TrackingMap({ home, van, tileTemplate, attribution }: { home: Point; van: Point | null; tileTemplate: string | null; attribution: string | null }) {
  const { t } = useTranslation();
  const points = van ? [home, van] : [home];
  const view = fitView(points, WIDTH, HEIGHT, { padding: 56, maxZoom: 16, minZoom: 4 });
  const homeAt = inView(home, view);
  const vanAt = van ? inView(van, view) : null;
  const tiles = tileTemplate ? tilesFor(view, tileTemplate) : [];
  return (
    <figure className="overflow-hidden rounded-xl border border-black/10" data-testid="tracking-map" data-tiles={tiles.length > 0}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={van ? t("manage.tracking.mapLabel") : t("manage.tracking.mapLabelHome")} className="block h-auto w-full bg-[#eef2f7]">
        {tiles.length ? (
          tiles.map((tile) => <image key={tile.url + tile.left} href={tile.url} x={tile.left} y={tile.top} width={256} height={256} preserveAspectRatio="none" />)
        ) : (
          <g stroke="#d3dae5" strokeWidth={1}>
            {Array.from({ length: 17 }, (_, i) => (
              <line key={`v${i}`} x1={i * 40} y1={0} x2={i * 40} y2={HEIGHT} />
            ))}
            {Array.from({ length: 10 }, (_, i) => (
              <line key={`h${i}`} x1={0} y1={i * 40} x2={WIDTH} y2={i * 40} />
            ))}
          </g>
        )}
        {vanAt ? <line x1={vanAt.x} y1={vanAt.y} x2={homeAt.x} y2={homeAt.y} stroke="#1a1d24" strokeWidth={3} strokeDasharray="8 6" /> : null}
        <g transform={`translate(${homeAt.x} ${homeAt.y})`} data-testid="map-home">
          <circle r={16} fill="#0b7a5c" stroke="#fff" strokeWidth={3} />
          <path d="M-8 2 L0 -7 L8 2 M-5 0 V7 H5 V0" fill="none" stroke="#fff" strokeWidth={2.5} strokeLinejoin="round" />
          <text y={34} textAnchor="middle" fontSize={15} fontWeight={700} fill="#1a1d24" stroke="#fff" strokeWidth={4} paintOrder="stroke">
            {t("manage.tracking.home")}
          </text>
        </g>
        {vanAt ? (
          <g transform={`translate(${vanAt.x} ${vanAt.y})`} data-testid="map-van">
            <circle r={18} fill="#1f4fd1" stroke="#fff" strokeWidth={3} />
            <path d="M-10 -4 H3 V5 H-10 Z M3 -1 H8 L10 2 V5 H3" fill="#fff" />
            <circle cx={-6} cy={6} r={2.5} fill="#1f4fd1" stroke="#fff" strokeWidth={1.5} />
            <circle cx={6} cy={6} r={2.5} fill="#1f4fd1" stroke="#fff" strokeWidth={1.5} />
            <text y={-26} textAnchor="middle" fontSize={15} fontWeight={700} fill="#1a1d24" stroke="#fff" strokeWidth={4} paintOrder="stroke">
              {t("manage.tracking.van")}
            </text>
          </g>
        ) : null}
      </svg>
      {tiles.length && attribution ? <figcaption className="bg-page px-2 py-1 text-right text-xs">{attribution}</figcaption> : null}
    </figure>
  );
}
