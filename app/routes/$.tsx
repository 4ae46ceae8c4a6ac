import { notFound } from "~/lib/carrier-routes.server";

export function loader(): never {
  throw notFound();
}

export default function CatchAll() {
  return null;
}
