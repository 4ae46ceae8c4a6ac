import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMatches, useNavigate } from "@remix-run/react";
import { safeUrl } from "@repair/rules/url";
import { Button } from "~/components/ui/button";

/** Routes opt in with `export const handle = { liveChat: true }` (spec §6: routes flagged for it). */
export function useRouteWantsLiveChat(): boolean {
  return useMatches().some((match) => (match.handle as { liveChat?: boolean } | undefined)?.liveChat === true);
}

/**
 * The chat widget loads only when asked for; without a widget URL the button leads to contact. The URL
 * becomes a script's src, so it passes the URL policy once more here: a web address, never a script or
 * data address (ADR 058). On a page without hydration the `page` module does the same from the
 * button's data attributes (ADR 206).
 */
export function LiveChatButton({ widgetUrl: givenUrl }: { widgetUrl: string | null }) {
  const widgetUrl = safeUrl(givenUrl);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  return (
    <Button
      type="button"
      data-testid="live-chat"
      shape="pill"
      className="fixed bottom-4 right-4 shadow-lg"
      aria-busy={loading || undefined}
      data-widget-url={widgetUrl ?? undefined}
      data-loading-text={t("landing.liveChatLoading")}
      onClick={() => {
        if (!widgetUrl) return navigate("/contact");
        if (loading) return;
        setLoading(true);
        const script = document.createElement("script");
        script.src = widgetUrl;
        script.async = true;
        document.body.appendChild(script);
      }}
    >
      {loading ? t("landing.liveChatLoading") : t("landing.liveChat")}
    </Button>
  );
}
