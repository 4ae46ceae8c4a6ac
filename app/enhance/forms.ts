/**
 * The landing's forms on the page served without hydration (ADR 206), as they behave hydrated: a
 * form marked `data-check-filled` is not sent while a field with `data-missing` (its message) is
 * empty; the message shows under the field (`<field id>-error`, the server's own element when it
 * rendered one), the field is marked invalid and focused. A postcode field (`data-normalise`)
 * goes without spaces; the submit button says `data-busy-text` while the next page loads.
 */
const INVALID_BORDER = "border-danger-border";
const VALID_BORDER = "border-line/30";

/** The field's message element: the server's (shown or hidden), else one made here and removed again, as the field's own component does. */
function errorElementFor(field: HTMLInputElement, create: boolean): HTMLElement | null {
  const id = `${field.id}-error`;
  const existing = document.getElementById(id);
  if (existing || !create) return existing;
  const created = document.createElement("p");
  created.id = id;
  created.className = "mt-1 font-semibold text-danger";
  created.dataset.testid = id;
  created.dataset.madeHere = "";
  field.parentElement!.appendChild(created);
  return created;
}

function show(field: HTMLInputElement, message: string | null) {
  const error = errorElementFor(field, Boolean(message));
  const describedBy = new Set((field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  describedBy.delete(`${field.id}-error`);
  if (error && message) {
    error.textContent = message;
    error.hidden = false;
    describedBy.add(error.id);
  } else if (error && "madeHere" in error.dataset) error.remove();
  else if (error) error.hidden = true;
  if (message) field.setAttribute("aria-invalid", "true");
  else field.removeAttribute("aria-invalid");
  if (field.classList.contains(VALID_BORDER) || field.classList.contains(INVALID_BORDER)) {
    field.classList.toggle(INVALID_BORDER, Boolean(message));
    field.classList.toggle(VALID_BORDER, !message);
  }
  if (describedBy.size) field.setAttribute("aria-describedby", [...describedBy].join(" "));
  else field.removeAttribute("aria-describedby");
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-check-filled]")) {
  form.addEventListener("submit", (event) => {
    const fields = [...form.querySelectorAll<HTMLInputElement>("input[data-missing]")];
    const empty: HTMLInputElement[] = [];
    for (const field of fields) {
      const value = field.dataset.normalise === "postcode" ? field.value.replace(/\s+/g, "") : field.value.trim();
      if (!value) empty.push(field);
      else if (field.dataset.normalise === "postcode") field.value = value;
      show(field, value ? null : field.dataset.missing!);
    }
    if (empty.length > 0) {
      event.preventDefault();
      empty[0]!.focus();
      return;
    }
    const submit = form.querySelector<HTMLButtonElement>("button[data-busy-text]");
    if (submit) {
      submit.textContent = submit.dataset.busyText!;
      submit.setAttribute("aria-disabled", "true");
    }
  });
}
