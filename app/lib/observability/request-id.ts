import { randomUUID } from "node:crypto";

/** A caller's id is kept only when it is a short token that cannot forge log lines or headers. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(incoming: string | string[] | undefined | null): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}
