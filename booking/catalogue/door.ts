/** `engine.catalogue` (spec §7 "Catalogue and others"): makes, device types, models, versions, triage questions. Reads only. */
import { read } from "../door";
import * as catalogue from "./queries";

export const catalogueDoor = {
  listMakes: read((k) => k.query(catalogue.listMakes)),
  listDeviceTypes: read((k) => k.query(catalogue.listDeviceTypes)),
  listDeviceKinds: read((k) => k.query(catalogue.listDeviceKinds)),
  listModels: read((k) => k.query(catalogue.listModels)),
  getModel: read((k) => k.query(catalogue.getModel)),
  listVersions: read((k) => k.query(catalogue.listVersions)),
  getModelVersion: read((k) => k.query(catalogue.getModelVersion)),
  getModelVersionWithWarranty: read((k) => k.query(catalogue.getModelVersionWithWarranty)),
  listColours: read((k) => k.query(catalogue.listColours)),
  listProblems: read((k) => k.query(catalogue.listProblems)),
  listExtras: read((k) => k.query(catalogue.listExtras)),
  listTriageQuestions: read((k) => k.query(catalogue.listTriageQuestions)),
};
