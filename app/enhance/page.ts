/**
 * Every page served without hydration loads this (ADR 206): the toast the server rendered goes
 * after its duration or on its button, the live-chat launcher loads the carrier's widget when
 * pressed (or leads to contact without one), and `data-enhanced` marks the page ready once every
 * module of the page has run (the browser tests wait for it, as for `data-hydrated` elsewhere).
 */
for (const toast of document.querySelectorAll<HTMLElement>("[data-toast]")) {
  const remove = () => toast.remove();
  toast.querySelector("[data-toast-dismiss]")?.addEventListener("click", remove);
  const duration = Number(toast.dataset.durationMs);
  if (duration > 0) setTimeout(remove, duration);
}

const chat = document.querySelector<HTMLButtonElement>('[data-testid="live-chat"]');
chat?.addEventListener("click", () => {
  const widgetUrl = chat.dataset.widgetUrl;
  if (!widgetUrl) {
    window.location.assign("/contact");
    return;
  }
  if (chat.getAttribute("aria-busy") === "true") return;
  chat.setAttribute("aria-busy", "true");
  chat.textContent = chat.dataset.loadingText ?? chat.textContent;
  const script = document.createElement("script");
  script.src = widgetUrl;
  script.async = true;
  document.body.appendChild(script);
});

// Module scripts run in order before DOMContentLoaded: by then every module of the page has run.
document.addEventListener("DOMContentLoaded", () => {
  document.documentElement.dataset.enhanced = "true";
});
