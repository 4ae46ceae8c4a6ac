import { Form, useSubmit } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/submit-button";
import { POSITION_SEND_SECONDS } from "~/journeys/store/job-form";
import { clockTime } from "~/lib/dates";
import type { TechnicianJobPageJob } from "./job-step";
import { positionFields, usePositionSharing, type Sharing } from "./use-position-sharing";

/** The "on my way" press, then the position the page shares while the job is on its way. */
/** `timeLocale`: the carrier's locale its times of day are read in (ADR 246). */
export function OnMyWay({ job, timezone, timeLocale }: { job: TechnicianJobPageJob; timezone: string; timeLocale: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const sharing = useRef<Sharing>({ lastSentAt: 0, pending: null, latest: null });
  const [allowedByPress, setAllowedByPress] = useState(false);
  const closed = job.status === "CANCELLED" || job.work_status === "STARTED" || job.work_status === "COMPLETED";
  const onTheWay = !closed && job.work_status === "ON_THE_WAY";
  const { state, receipt } = usePositionSharing(job.job_id, onTheWay, allowedByPress, sharing);
  if (closed) return null;
  const sentAt =
    [receipt?.position_at ?? null, job.van_position_at]
      .filter((v): v is string => !!v)
      .sort()
      .pop() ?? null;
  // Each press sends the phone's position now, never an earlier one: the running watch's newest
  // (it reports every move), else a fresh reading. Without a position (refused, no signal) the press
  // still counts and the van shows at its base.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (typeof navigator === "undefined" || !navigator.geolocation) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const withPosition = (position: GeolocationPosition) => {
      for (const [name, value] of Object.entries(positionFields(position))) form.set(name, value);
      // This press sent the newest position: the automatic sender waits its turn after it.
      sharing.current.lastSentAt = Date.now();
      sharing.current.pending = null;
      setAllowedByPress(true);
      submit(form, { method: "post" });
    };
    const watched = sharing.current.latest;
    if (watched) return withPosition(watched);
    navigator.geolocation.getCurrentPosition(withPosition, () => submit(form, { method: "post" }), { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
  };
  return (
    <Form method="post" onSubmit={onSubmit} className="mt-4">
      <input type="hidden" name="intent" value="on-my-way" />
      {onTheWay ? (
        <div className="mb-2 space-y-1">
          <p role="status" data-testid="on-my-way-done">
            {t("store.job.onMyWaySent")}
          </p>
          <p data-testid="position-sharing" data-state={state}>
            {state === "on"
              ? t("store.job.position.sharing", { seconds: POSITION_SEND_SECONDS })
              : state === "blocked"
                ? t("store.job.position.blocked")
                : t("store.job.position.notSharing")}
          </p>
          {sentAt ? (
            <p data-testid="position-sent" data-sent-at={sentAt}>
              {t("store.job.position.sentAt", { time: clockTime(sentAt, timezone, timeLocale) })}
            </p>
          ) : null}
          {receipt?.result === "inaccurate" ? <p data-testid="position-inaccurate">{t("store.job.position.inaccurate")}</p> : null}
        </div>
      ) : null}
      <SubmitButton size="lg" testId="on-my-way" className="w-full">
        {onTheWay ? t("store.job.updatePosition") : t("store.job.onMyWay")}
      </SubmitButton>
    </Form>
  );
}
