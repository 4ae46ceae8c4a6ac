// One source of configuration for both ways of running production (ADR 155): docker-compose.yml
// says which variables each service gets and how they are built from the operator's .env; the
// native runner (scripts/lib/production-shape.mjs) reads the same file, interpolates it the way
// Compose does, and only then moves the service addresses and folders onto this host.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { root } from "./proc.mjs";

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?message}, ${NAME?message}. */
export const REFERENCE = /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g;

/** Interpolates one value as Compose does; a missing required variable throws, naming it. */
export function interpolate(value, variables) {
  return value.replace(REFERENCE, (_match, name, operator, argument) => {
    const given = variables[name];
    const missing = given === undefined || (operator?.startsWith(":") === true && given === "");
    if (operator?.endsWith("?") && missing) throw new Error(`required variable ${name} is missing: ${argument}`);
    if (operator?.endsWith("-") && missing) return argument;
    return given ?? "";
  });
}

/** The compose file, with YAML merge keys (`<<: *app`) applied. */
export function readCompose(file = path.join(root, "docker-compose.yml")) {
  const text = readFileSync(file, "utf8");
  return { text, compose: parse(text, { merge: true }) };
}

/** A service's `environment:` after interpolation with the operator's variables. */
export function serviceEnvironment(compose, service, variables) {
  const definition = compose.services?.[service];
  if (!definition) throw new Error(`docker-compose.yml has no service ${service}`);
  return Object.fromEntries(Object.entries(definition.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), variables)]));
}

/** Variables every `${…}` of the file names, and those it requires (`:?`). */
export const referencedIn = (text) => new Set([...text.matchAll(REFERENCE)].map((match) => match[1]));
export const requiredIn = (text) => new Set([...text.matchAll(REFERENCE)].filter((match) => match[2]?.endsWith("?")).map((match) => match[1]));

/** KEY=value lines (an .env file) as an object; blank lines and # comments skipped. */
export function parseEnvFile(text) {
  const entries = [];
  for (const line of text.split("\n")) {
    const match = /^\s*([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) entries.push([match[1], match[2].trim().replace(/^"(.*)"$/, "$1")]);
  }
  return Object.fromEntries(entries);
}

/**
 * Moves a service's environment from the compose network onto this host: every `host:port` of a
 * service (postgres:5432, cms:1337, app:3000) becomes the local address the map gives, and every
 * folder under /srv/ a folder under `stateDir`. Nothing else changes.
 * @param {Record<string,string>} environment
 * @param {{ addresses: Record<string,string>, stateDir: string }} where
 */
export function onThisHost(environment, { addresses, stateDir }) {
  const moved = {};
  for (const [key, value] of Object.entries(environment)) {
    let next = value;
    for (const [from, to] of Object.entries(addresses)) next = next.split(from).join(to);
    if (next.startsWith("/srv/")) next = path.join(stateDir, next.slice("/srv/".length));
    moved[key] = next;
  }
  return moved;
}
