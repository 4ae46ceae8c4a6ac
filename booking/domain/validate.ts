import type { z } from "zod";
import { ValidationError } from "./errors";

/** zod at every engine boundary: parse or throw a ValidationError with per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw ValidationError.fromZod(result.error, prefix);
  return result.data;
}
