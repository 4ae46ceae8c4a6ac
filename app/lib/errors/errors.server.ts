/**
 * The one door from an engine error to the web's behaviour (ADR 044): a thrown value that is not a
 * domain error is a bug and is rethrown (500); so is a domain error the place does not expect.
 */
import { DomainError } from "~/booking.server";
import { behaviourFor, type Behaviour, type ErrorBody, type Place } from "./error-table";

export interface HandledError {
  error: DomainError;
  behaviour: Behaviour;
}

export function handleError(error: unknown, place: Place): HandledError {
  if (!(error instanceof DomainError)) throw error;
  const behaviour = behaviourFor(error.code, place, error.messages, error.fieldCodes);
  if (behaviour.show === "error-page") throw error;
  return { error, behaviour };
}

/** What a page gets of an engine error. */
export function errorBody(error: DomainError): ErrorBody {
  return { code: error.code, messages: error.messages, fields: error.fields, fieldCodes: error.fieldCodes };
}

/** A problem the web finds in a request itself (no engine call was made), in the engine's error shape. */
export function validationBody(fields: Record<string, string[]>): ErrorBody {
  return { code: "VALIDATION", messages: Object.values(fields).flat(), fields, fieldCodes: {} };
}
