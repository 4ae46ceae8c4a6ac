/**
 * Where the engine's operations data comes from (issue 9, ADR 080): the shared catalogue and each
 * carrier's areas, roster, stores, discount codes, price overrides and offering, each with a
 * revision time that only ever increases. The engine keeps its own copy and syncs it from here.
 */
import type { CmsApiKey } from "../api-keys/api-keys";
import type { CatalogueFile, EngineFile } from "../catalogue/seed-schema";

export interface CarrierRevision {
  code: string;
  updatedAt: Date;
}

export interface CatalogueRevision {
  updatedAt: Date;
  catalogue: CatalogueFile;
}

export interface CarrierOperations {
  code: string;
  updatedAt: Date;
  engine: EngineFile;
  /**
   * The carrier's API keys issued by operations in the CMS (ADR 182); absent from a source that does
   * not manage keys (then the engine's keys are left as they are).
   */
  apiKeys?: CmsApiKey[];
}

export interface OperationsSource {
  /** For logs: where the data comes from. */
  readonly describe: string;
  catalogue(): Promise<CatalogueRevision>;
  carriers(): Promise<CarrierRevision[]>;
  /** null: the source does not know the carrier. */
  carrier(code: string): Promise<CarrierOperations | null>;
}

/** The source answered, but with data that fails validation: the engine keeps its last good copy. */
export class OperationsDataInvalidError extends Error {
  constructor(
    readonly what: string,
    readonly issues: string[],
  ) {
    super(`${what} is invalid:\n  ${issues.join("\n  ")}`);
    this.name = "OperationsDataInvalidError";
  }
}

/** The source could not be reached or refused (network, 5xx, 401): the engine keeps its copy and retries later. */
export class OperationsSourceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperationsSourceUnavailableError";
  }
}
