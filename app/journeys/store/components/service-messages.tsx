import { useTranslation } from "react-i18next";

export interface DeskMessage {
  id: number;
  kind: string;
  channel: string;
  state: string;
  runAt: string | Date;
  doneAt: string | Date | null;
  attempts: number;
  lastError: string | null;
}

export interface DeskMessageText {
  id: number;
  recipient: string | null;
  subject: string | null;
  text: string | null;
}

/** A message kind in words (`booking-confirmed` → "Booking confirmation"); a kind without a text shows as it is called. */
export function useMessageKind(): (kind: string) => string {
  const { t } = useTranslation();
  return (kind) => t(`store.service.messages.kind.${kind}`, { defaultValue: kind });
}

/**
 * The order's messages (ADR 255): each in words with its channel, recipient, state and time, and its
 * text as the sender renders it in a disclosure (works without JavaScript). The text is customer
 * data: React escapes it, and it is shown as plain text, never as HTML.
 */
export function MessageList({ messages, texts, when }: { messages: DeskMessage[]; texts: DeskMessageText[]; when: (instant: string) => string }) {
  const { t } = useTranslation();
  const kindText = useMessageKind();
  return (
    <ul className="divide-y divide-line/15 border-y border-line/15" data-testid="service-message-list">
      {messages.map((message) => {
        const written = texts.find((text) => text.id === message.id);
        const sent = message.state === "sent" && message.doneAt;
        const time = sent ? t("store.service.messages.sentAt", { time: when(String(message.doneAt)) }) : t("store.service.messages.dueAt", { time: when(String(message.runAt)) });
        return (
          <li key={message.id} className="py-2" data-testid="service-message" data-kind={message.kind} data-channel={message.channel} data-state={message.state}>
            <details>
              <summary className="cursor-pointer">
                <span className="font-semibold" data-testid="service-message-kind">
                  {kindText(message.kind)}
                </span>
                {" · "}
                {t(`store.service.messages.channel.${message.channel}`)}
                {written?.recipient ? (
                  <>
                    {" · "}
                    <span data-testid="service-message-recipient">{t("store.service.messages.to", { recipient: written.recipient })}</span>
                  </>
                ) : null}
                {" · "}
                <span data-testid="service-message-state" data-state={message.state}>
                  {t(`store.service.messages.state.${message.state}`)}
                </span>
                {" · "}
                <span data-testid="service-message-time">{time}</span>
              </summary>
              <div className="mt-2 rounded-lg border border-line/20 p-3" data-testid="service-message-text">
                {written?.text ? (
                  <>
                    {written.subject !== null ? (
                      <p className="font-semibold" data-testid="service-message-subject">
                        {t("store.service.messages.subject", { subject: written.subject })}
                      </p>
                    ) : null}
                    <pre className="mt-2 whitespace-pre-wrap break-words font-sans" data-testid="service-message-body">
                      {written.text}
                    </pre>
                  </>
                ) : (
                  <p>{t("store.service.messages.textUnavailable")}</p>
                )}
                <p className="mt-2 text-sm">
                  {t("store.service.messages.attempts", { count: message.attempts })}
                  {message.lastError ? ` · ${t("store.service.messages.lastError", { error: message.lastError })}` : ""}
                </p>
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
