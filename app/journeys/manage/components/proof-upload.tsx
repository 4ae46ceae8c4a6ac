import { useFetcher, useLocation } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldTexts } from "~/lib/errors/field-texts";
import type { LookupForm } from "~/lib/order-access/lookup-form";
import type { ManageActionResult } from "~/lib/order-access/manage.server";
import type { ManageDevice } from "~/journeys/manage/order-view";
import { CsrfField } from "./csrf-field";
import { Button } from "~/components/ui/button";
import { PROOF_PROBLEM_PARAM } from "~/lib/http/proof-problem";

const IMAGE_NAME = /\.(jpe?g|png)$/i;

/**
 * Proof of purchase (spec §4, §5): a .jpg or .png image up to the size limit. The browser checks the
 * name and size first; the server decides by the file's content (ADR 016), so a renamed non-image is
 * refused with the same message. Thank-you or problem toast; the overview then shows it as supplied.
 */
export function ProofUpload({
  device,
  lookup,
  editable,
  maxBytes,
  result,
  showStatus,
}: {
  device: ManageDevice;
  lookup: LookupForm;
  editable: boolean;
  maxBytes: number;
  result: ManageActionResult | undefined;
  /** The device's own status: only when the order has more than one device (the overview's row says it for one). */
  showStatus: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ManageActionResult>();
  const location = useLocation();
  const fieldId = useId();
  const [clientError, setClientError] = useState<string | null>(null);
  const answer = fetcher.data ?? (result?.intent === "proof" && result.deviceId === device.id ? result : undefined);
  const uploading = fetcher.state !== "idle";
  const failure = answer && !answer.ok && !uploading ? answer.failure : undefined;
  const serverMessages = failure
    ? failure.fields.image?.length
      ? fieldTexts(failure, "image", (key) => t(key))
      : [failure.message.key ? t(failure.message.key) : (failure.message.text ?? "")]
    : [];
  const messages = clientError ? [clientError] : serverMessages;
  const params = new URLSearchParams(location.search);
  params.set("device_id", String(device.id));
  params.delete(PROOF_PROBLEM_PARAM);

  return (
    <div className="mt-3 rounded-lg bg-surface p-3" data-testid="proof-upload" data-supplied={device.proofSupplied}>
      {showStatus ? (
        <p className="font-semibold">
          {t("manage.proof.label")}:{" "}
          <span className="font-normal" data-testid="proof-status">
            {device.proofSupplied ? t("manage.proof.supplied") : t("manage.proof.notSupplied")}
          </span>
        </p>
      ) : null}
      {editable ? (
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          action={`${location.pathname}?${params}`}
          className={`${showStatus ? "mt-2 " : ""}flex flex-wrap items-start gap-2`}
          onSubmit={(event) => {
            const input = event.currentTarget.elements.namedItem("image") as HTMLInputElement;
            const file = input.files?.[0];
            const problem = !file
              ? t("manage.proof.errors.missing")
              : !IMAGE_NAME.test(file.name)
                ? t("manage.proof.errors.format")
                : file.size > maxBytes
                  ? t("manage.proof.errors.tooLarge")
                  : null;
            setClientError(problem);
            if (problem) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="proof" />
          <CsrfField />
          <input type="hidden" name="device_id" value={device.id} />
          <input type="hidden" name="order_ref" value={lookup.order_ref} />
          <input type="hidden" name="email" value={lookup.email} />
          <div className="min-w-[14rem] flex-1">
            <label htmlFor={fieldId} className="block text-sm">
              {device.proofSupplied ? t("manage.proof.replace", { device: device.title }) : t("manage.proof.choose", { device: device.title })}
            </label>
            <input
              id={fieldId}
              name="image"
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              aria-invalid={messages.length ? true : undefined}
              aria-describedby={`${fieldId}-hint${messages.length ? ` ${fieldId}-error` : ""}`}
              className="mt-1 block w-full text-sm"
              data-testid="proof-input"
            />
            <p id={`${fieldId}-hint`} className="mt-1 text-sm">
              {t("manage.proof.hint", { size: Math.round(maxBytes / (1024 * 1024)) })}
            </p>
            {messages.length ? (
              <div id={`${fieldId}-error`} role="alert" className="mt-1 font-semibold text-danger" data-testid="proof-error">
                {messages.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            ) : null}
          </div>
          <Button type="submit" disabled={uploading} size="sm" data-testid="proof-submit">
            {uploading ? t("manage.proof.uploading") : t("manage.proof.upload")}
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
