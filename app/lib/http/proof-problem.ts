/**
 * The manage page's proof-of-purchase upload over the limit without JavaScript (spec §4; ADR 232):
 * the request guard sends the browser back to the manage page with this query parameter; the page
 * flashes the problem toast and comes back once more with the told value, which shows the too-large
 * message under the device's field (ADR 241). No imports: the client bundle loads this file too.
 */
export const PROOF_UPLOAD_PATH = "/manage/booking";
export const PROOF_PROBLEM_PARAM = "proof_problem";
export const PROOF_TOO_LARGE = "too-large";
/** The same problem once the manage page has flashed its problem toast (spec §4) and come back: the field's message only. */
export const PROOF_TOO_LARGE_TOLD = "too-large-told";

/** Where a too-large page post of the proof upload is sent back to: the manage page it came from. */
export function proofTooLargeLocation(originalUrl: string): string {
  const url = new URL(originalUrl, "http://guard.invalid");
  url.searchParams.set(PROOF_PROBLEM_PARAM, PROOF_TOO_LARGE);
  return `${PROOF_UPLOAD_PATH}?${url.searchParams}`;
}
