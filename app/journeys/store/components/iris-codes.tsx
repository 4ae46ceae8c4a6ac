/**
 * The IRIS codes of a repair (spec §2 repair.irisCodes, ADR 273): the technician chooses one code per
 * section from the list operations keep in the CMS; the job page and the area manager's day show them.
 */
import { useTranslation } from "react-i18next";
import { IRIS_SECTIONS } from "@repair/rules/iris";
import type { IrisCode } from "~/booking.server";
import { Select } from "~/components/ui/text-field";
import type { JobStepResult } from "~/journeys/store/job-form";
import { fieldTexts } from "~/lib/errors/field-texts";

/** The codes chosen on a device's irisCodes step, as the step's data keeps them. */
export type ChosenIrisCodes = Partial<Record<IrisCode["section"], Pick<IrisCode, "code" | "title">>>;

/** "Condition 1 Constantly · Symptom 131 Display dead or faulty · …" in the page's language. */
export function IrisSummary({ iris, testId = "iris-summary" }: { iris: ChosenIrisCodes; testId?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "de" ? "de" : "en";
  const parts = IRIS_SECTIONS.flatMap((section) => {
    const chosen = iris[section];
    return chosen ? [t("store.job.iris.chosen", { section: t(`store.job.iris.${section}`), code: chosen.code, title: chosen.title[language] })] : [];
  });
  if (!parts.length) return null;
  return <span data-testid={testId}>{parts.join(" · ")}</span>;
}

/** One select per section that has codes; a section without codes in the catalogue asks nothing. */
export function IrisFields({ deviceId, options, result }: { deviceId: number; options: IrisCode[]; result: JobStepResult | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "de" ? "de" : "en";
  const sections = IRIS_SECTIONS.filter((section) => options.some((option) => option.section === section));
  if (!sections.length) return <p>{t("store.job.iris.none")}</p>;
  return (
    <fieldset>
      <legend className="font-semibold">{t("store.job.iris.legend")}</legend>
      {sections.map((section) => (
        <Select
          key={section}
          id={`iris-${deviceId}-${section}`}
          name={section}
          label={t(`store.job.iris.${section}`)}
          required
          defaultValue=""
          error={result ? fieldTexts(result.problem, section, t) : null}
          errorTestId="step-error"
          className="mt-2"
        >
          <option value="" disabled>
            {t("store.job.iris.choose")}
          </option>
          {options
            .filter((option) => option.section === section)
            .map((option) => (
              <option key={option.code} value={option.code}>
                {option.code} · {option.title[language]}
              </option>
            ))}
        </Select>
      ))}
    </fieldset>
  );
}
