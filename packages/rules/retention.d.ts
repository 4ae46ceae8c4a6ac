export declare const DRAFT_RETENTION_DAYS: { readonly default: 30; readonly min: 1; readonly max: 365 };
