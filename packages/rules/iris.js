/**
 * The IRIS repair-code sections (ADR 273), in the order of the IRIS card: the customer's complaint
 * (condition, symptom), then the technician's diagnosis (defect, repair). Shared by the engine's
 * step, the technician's page and the catalogue's seed schema.
 */
export const IRIS_SECTIONS = Object.freeze(["condition", "symptom", "defect", "repair"]);
