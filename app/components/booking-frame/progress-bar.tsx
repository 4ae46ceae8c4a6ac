import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PROGRESS_STEPS, STEP_PATH, canReach, progressWidth, type ProgressStep, type ReachabilityFacts } from "~/lib/booking-flow/progress";

export function ProgressBar({ step, facts, applianceVariant }: { step: ProgressStep | "complete" | null; facts: ReachabilityFacts; applianceVariant: boolean }) {
  const { t } = useTranslation();
  const width = progressWidth(step);
  const currentIndex = step === "complete" ? PROGRESS_STEPS.length : step ? PROGRESS_STEPS.indexOf(step) : -1;
  return (
    <nav aria-label={t("booking.progress.label")} className="mx-auto max-w-6xl px-4 pt-6" data-testid="progress-bar">
      <div className="h-2 w-full overflow-hidden rounded-full bg-surface" aria-hidden="true">
        <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${width}%` }} data-testid="progress-fill" data-width={width} />
      </div>
      <ol className="mt-3 grid grid-cols-4 gap-2 text-sm">
        {PROGRESS_STEPS.map((entry, index) => {
          const label = entry === "device" && applianceVariant ? t("booking.progress.deviceAppliance") : t(`booking.progress.${entry}`);
          const reachable = step !== "complete" && canReach(entry, facts);
          const isCurrent = index === currentIndex;
          return (
            <li key={entry} className={isCurrent ? "font-bold" : ""}>
              {reachable && !isCurrent ? (
                <Link to={STEP_PATH[entry]} className="underline underline-offset-4">
                  {label}
                </Link>
              ) : (
                <span aria-current={isCurrent ? "step" : undefined}>{label}</span>
              )}
              {index < currentIndex ? <span className="sr-only"> ({t("booking.progress.done")})</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
