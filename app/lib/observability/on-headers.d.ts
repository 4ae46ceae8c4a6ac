// on-headers ships no types (and @types/on-headers on npm is not this package's).
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  export default function onHeaders<T extends ServerResponse>(response: T, listener: (this: T) => void): void;
}
