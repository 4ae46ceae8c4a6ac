/**
 * Every page served without hydration loads this (ADR 206): the toast the server rendered goes
 * after its duration or on its dismiss control, the live-chat launcher loads the carrier's widget when
 * pressed (or leads to contact without one), and `data-enhanced` marks the page ready once every
 * module of the page has run (the browser tests wait for it, as for `data-hydrated` elsewhere).
 * A toast's duration counts from the first paint (ADR 244): its CSS animation has been running since,
 * and hides it by itself; this removes it when that animation ends or after what is left of its duration.
 */

// `TOAST_EXPIRE_ANIMATION` and `toastShownMs` of `~/lib/toast`, written out here: importing them would put a
// chunk shared with the app beside this module (content pages load only their own modules, ADR 206).
const EXPIRE = "toast-expire";
function shownMs(toast: HTMLElement): number {
  const time = toast.getAnimations?.().find((entry) => (entry as Animation & { animationName?: string }).animationName === EXPIRE)?.currentTime;
  return typeof time === "number" && Number.isFinite(time) && time > 0 ? time : 0;
}

for (const toast of document.querySelectorAll<HTMLElement>("[data-toast]")) {
  const remove = () => toast.remove();
  toast.querySelector("[data-toast-dismiss]")?.addEventListener("change", remove);
  toast.addEventListener("animationend", (event) => {
    if (event.animationName === EXPIRE) remove();
  });
  const duration = Number(toast.dataset.durationMs);
  if (duration > 0) setTimeout(remove, Math.max(0, duration - shownMs(toast)));
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
