/** Appliance triage (spec §2 device/triage): answers read from the form, required questions checked. */
export interface TriageQuestion {
  code: string;
  required: boolean;
  options: { code: string }[];
}

/** Answers posted as `answer.<question code>`; unknown questions and options are dropped. */
export function triageAnswersFromForm(questions: TriageQuestion[], form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!name.startsWith("answer.") || typeof value !== "string") continue;
    const question = questions.find((q) => q.code === name.slice("answer.".length));
    if (question && question.options.some((o) => o.code === value)) answers[question.code] = value;
  }
  return answers;
}

/** Codes of required questions left unanswered. */
export function missingTriageAnswers(questions: TriageQuestion[], answers: Record<string, string>): string[] {
  return questions.filter((q) => q.required && !answers[q.code]).map((q) => q.code);
}
