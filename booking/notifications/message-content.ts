/**
 * What the engine says to a carrier's customers in one language (ADR 092): the brand the message
 * shows and the carrier's templates, read from the CMS when a message is sent. A kind the carrier
 * has no template for, or an empty field, gets the standard text (notifications/default-templates.ts).
 */
import type { MessageBrand, MessageTemplate } from "./render";
import type { CustomerMessageKind } from "./template-kinds";

export interface MessageContent {
  brand: MessageBrand;
  templates: Partial<Record<CustomerMessageKind, MessageTemplate>>;
}

export interface MessageContentSource {
  /** null: the source does not know the carrier (not published). Throws MessageContentUnavailableError. */
  messageContent(carrierCode: string, locale: "en" | "de"): Promise<MessageContent | null>;
}

/**
 * The content could not be read (CMS down, an invalid answer): the message is not sent now; the
 * scheduler treats this like a transient send failure and tries again (ADR 091).
 */
export class MessageContentUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MessageContentUnavailableError";
  }
}
