/**
 * The technician's job steps (ADR 162): one module per step, each with its form and its engine call;
 * this module reads a post into one of them and dispatches it.
 */
import { z } from "zod";
import { addPartsForm, recordAddParts } from "./add-parts.server";
import { confirmProblemsForm, recordConfirmProblems } from "./confirm-problems.server";
import { deviceIdentifierForm, recordDeviceIdentifier } from "./device-identifier.server";
import { irisCodesForm, recordIrisCodes } from "./iris-codes.server";
import { onMyWayForm, reportOnMyWay } from "./on-my-way.server";
import { recordRepairComplete, repairCompleteForm } from "./repair-complete.server";
import { recordStartChecklist, startChecklistForm } from "./start-checklist.server";
import type { StepActor, StepCarrier, StepEngine } from "./step.server";
import { recordSymptomCodes, symptomCodesForm } from "./symptom-codes.server";

export type { StepActor } from "./step.server";

const stepForm = z.discriminatedUnion("intent", [
  onMyWayForm,
  startChecklistForm,
  deviceIdentifierForm,
  confirmProblemsForm,
  symptomCodesForm,
  irisCodesForm,
  addPartsForm,
  repairCompleteForm,
]);

export type StepInput = z.infer<typeof stepForm>;

/** The posted step, or null when the form cannot be read. */
export function readStepForm(form: FormData): StepInput | null {
  const empty = (value: FormDataEntryValue | null) => (value === null || value === "" ? undefined : value);
  const parsed = stepForm.safeParse({
    intent: form.get("intent"),
    latitude: empty(form.get("latitude")),
    longitude: empty(form.get("longitude")),
    accuracy: empty(form.get("accuracy")),
    device_id: form.get("device_id") ?? undefined,
    value: form.get("value") ?? "",
    checklist: form.getAll("checklist"),
    problem_ids: form.getAll("problem_ids"),
    symptoms: form.getAll("symptoms"),
    condition: form.get("condition") ?? "",
    symptom: form.get("symptom") ?? "",
    defect: form.get("defect") ?? "",
    repair: form.get("repair") ?? "",
    part_name: form.getAll("part_name"),
    part_quantity: form.getAll("part_quantity"),
  });
  return parsed.success ? parsed.data : null;
}

/** Saves one step through its module. */
export function recordStep(engine: StepEngine, carrier: StepCarrier, actor: StepActor, input: StepInput) {
  switch (input.intent) {
    case "on-my-way":
      return reportOnMyWay(engine, carrier, actor, input);
    case "startChecklist":
      return recordStartChecklist(engine, carrier, actor, input);
    case "addImei":
    case "addSerialNumber":
      return recordDeviceIdentifier(engine, carrier, actor, input);
    case "confirmProblems":
      return recordConfirmProblems(engine, carrier, actor, input);
    case "symptomCodes":
      return recordSymptomCodes(engine, carrier, actor, input);
    case "irisCodes":
      return recordIrisCodes(engine, carrier, actor, input);
    case "addParts":
      return recordAddParts(engine, carrier, actor, input);
    case "repairComplete":
      return recordRepairComplete(engine, carrier, actor, input);
  }
}
