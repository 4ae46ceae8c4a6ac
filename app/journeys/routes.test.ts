/**
 * ADR 070: moving a route module into its journey's folder changes neither its URL, its parent
 * (layout, loader data, error boundary) nor its id — the table equals what Remix's own flat-routes
 * convention makes of the same file names in one `app/routes/` folder.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { flatRoutesUniversal } from "@remix-run/dev/dist/config/flat-routes.js";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { describe, expect, it } from "vitest";
import { appRoutes, routeFolders } from "./routes";

const APP = path.resolve(process.cwd(), "app");

function shape(manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>) {
  return Object.values(manifest)
    .map((route) => ({ id: route.id, parentId: route.parentId ?? "root", path: route.path, index: route.index === true }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

describe("the route table", () => {
  const routes = appRoutes(defineRoutes, APP);
  const files = routeFolders(APP).flatMap((folder) => readdirSync(path.join(APP, folder)).filter((name) => /\.tsx?$/.test(name) && !name.includes(".test.")));

  it("registers every route module of app/routes and of each journey's routes folder", () => {
    expect(Object.keys(routes)).toHaveLength(files.length);
    expect(routeFolders(APP).filter((folder) => folder.startsWith("journeys/")).length).toBeGreaterThan(0);
  });

  it("gives each file the URL, parent and id Remix's flat routes give the same name in app/routes", () => {
    const asIfInOneFolder = flatRoutesUniversal(
      APP,
      files.map((name) => path.join(APP, "routes", name)),
      "routes",
    );
    expect(shape(routes)).toEqual(shape(asIfInOneFolder));
  });

  it("keeps the ids the app looks routes up by", () => {
    expect(routes["routes/booking"]?.path).toBe("booking");
    expect(routes["routes/manage.booking"]?.path).toBe("manage/booking");
    expect(routes["routes/faqs._index"]?.parentId).toBe("routes/faqs");
  });
});
