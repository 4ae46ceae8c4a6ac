/**
 * The hand-over to the customer's phone (issue 11 item 5, ADR 101): a booking code and a QR code of
 * `https://<this carrier's host>/booking/continue?token=<code>`, drawn on the server as SVG with
 * `qrcode`. The page sends the SVG inline, so the phone's camera reads it without a request.
 */
import QRCode from "qrcode";

export interface Handover {
  token: string;
  continueUrl: string;
  expiresAt: string;
  qrSvg: string;
}

/** The address the QR code holds: the token is the text after the last '=' (spec §4). */
export function continueUrlFor(requestUrl: string, token: string): string {
  const url = new URL("/booking/continue", new URL(requestUrl).origin);
  url.searchParams.set("token", token);
  return url.toString();
}

export async function handoverFor(requestUrl: string, issued: { token: string; expires_at: string }): Promise<Handover> {
  const continueUrl = continueUrlFor(requestUrl, issued.token);
  const qrSvg = await QRCode.toString(continueUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { token: issued.token, continueUrl, expiresAt: issued.expires_at, qrSvg };
}
