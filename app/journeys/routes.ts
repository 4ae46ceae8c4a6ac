/**
 * The route table (ADR 070). Each journey keeps its route modules in `app/journeys/<journey>/routes/`
 * beside its forms, server helpers and components; app-wide routes stay in `app/routes/`. Every
 * folder uses Remix's flat-route file names, read by remix-flat-routes as one tree, so a route's URL
 * and parent are what the same file name gives in `app/routes/`. Route ids stay `routes/<file name>`
 * wherever the file lives: `useRouteLoaderData("routes/booking")`, the client manifest and the
 * bench read them, and moving a file between folders must not change them.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { flatRoutes } from "remix-flat-routes";

type DefineRoutes = Parameters<typeof flatRoutes>[1];
type RouteManifest = ReturnType<typeof flatRoutes>;

const JOURNEY_ROUTES = /^journeys\/[^/]+\/routes\//;

/** `routes` and every `journeys/<journey>/routes` folder under the app folder. */
export function routeFolders(appDirectory: string): string[] {
  const journeys = readdirSync(path.join(appDirectory, "journeys"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `journeys/${entry.name}/routes`);
  return ["routes", ...journeys.sort()];
}

/** The app's routes for the Vite plugin's `routes` option (Remix's own `app/routes` convention is off). */
export function appRoutes(defineRoutes: DefineRoutes, appDirectory = "app"): RouteManifest {
  const manifest = flatRoutes(routeFolders(appDirectory), defineRoutes, {
    appDir: appDirectory,
    ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  });
  const stableId = (id: string) => id.replace(JOURNEY_ROUTES, "routes/");
  const routes: RouteManifest = {};
  for (const route of Object.values(manifest)) {
    const id = stableId(route.id);
    if (routes[id]) throw new Error(`Two route files are called ${id.slice("routes/".length)}: ${routes[id].file} and ${route.file}`);
    routes[id] = { ...route, id, parentId: route.parentId && stableId(route.parentId) };
  }
  return routes;
}
