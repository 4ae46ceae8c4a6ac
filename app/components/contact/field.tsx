import { useTranslation } from "react-i18next";

/** A labelled text field with its error under it (aria-invalid, aria-describedby). */
export function ContactField({
  name,
  label,
  type = "text",
  autoComplete,
  defaultValue,
  error,
  multiline = false,
  optional = false,
  idPrefix,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  error?: string | null;
  multiline?: boolean;
  optional?: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${name}`;
  const common = {
    id,
    name,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    "aria-required": optional ? undefined : true,
    className: "mt-1 w-full rounded-lg border border-line/30 bg-field px-3 py-2 text-on-field",
    "data-testid": id,
  };
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
        {optional ? <span className="font-normal"> ({t("contact.optional")})</span> : null}
      </label>
      {multiline ? <textarea rows={5} maxLength={5000} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-danger" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
