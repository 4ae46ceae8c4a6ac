import { describe, expect, it } from "vitest";
import { missingTriageAnswers, triageAnswersFromForm } from "./triage";

const questions = [
  { code: "switches-on", required: true, options: [{ code: "yes" }, { code: "no" }] },
  { code: "noise", required: false, options: [{ code: "none" }, { code: "banging" }] },
];

describe("appliance triage", () => {
  it("reads answers posted as answer.<question> and drops unknown questions and options", () => {
    const form: [string, FormDataEntryValue][] = [
      ["answer.switches-on", "no"],
      ["answer.noise", "whistling"],
      ["answer.colour", "red"],
      ["other", "x"],
    ];
    expect(triageAnswersFromForm(questions, form)).toEqual({ "switches-on": "no" });
  });

  it("lists required questions left unanswered, not optional ones", () => {
    expect(missingTriageAnswers(questions, {})).toEqual(["switches-on"]);
    expect(missingTriageAnswers(questions, { "switches-on": "yes" })).toEqual([]);
  });
});
