/**
 * The message the engine sends: the carrier's content for the customer's language, rendered with
 * the booking's values (ADR 092). The scheduler's jobs call this, then the notifications port.
 */
import { MessageContentUnavailableError, type MessageContentSource } from "./message-content";
import { renderMessage, type MessageBrand, type RenderedCustomerMessage, type RenderMessageInput } from "./render";

export type MessageRequest = Omit<RenderMessageInput, "carrier" | "template"> & { carrierCode: string };

/** The rendered message and the brand it was written for (the calendar invite names the carrier too). */
export async function composeMessage(source: MessageContentSource, request: MessageRequest): Promise<RenderedCustomerMessage & { brand: MessageBrand }> {
  const { carrierCode, ...rest } = request;
  const content = await source.messageContent(carrierCode, request.locale);
  // A carrier the CMS does not publish has no brand to write in; it may be published later.
  if (!content) throw new MessageContentUnavailableError(`no published carrier ${carrierCode} in the CMS`);
  return { ...renderMessage({ ...rest, carrier: content.brand, template: content.templates[request.kind] ?? null }), brand: content.brand };
}
