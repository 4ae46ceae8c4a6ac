export declare const IRIS_SECTIONS: readonly ["condition", "symptom", "defect", "repair"];
export type IrisSection = (typeof IRIS_SECTIONS)[number];
