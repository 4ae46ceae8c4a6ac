/**
 * Multipart uploads of the partner API (ADR 176): the spec's POST /orders/devices/{id}/validation-images
 * sends the proof of purchase "as multipart form". Read with busboy, after the key is checked, with
 * the manage page's limits: one file of the route's field, at most the engine's MAX_PROOF_BYTES
 * (413 past it), declared as one of the route's image types (415 otherwise); the engine then checks
 * the content itself (a JPEG or PNG that decodes), as for the page.
 */
import busboy from "busboy";
import type { Request } from "express";
import { ApiProblem } from "./errors";

/** What a route that takes a file accepts. */
export interface UploadSpec {
  /** The form field of the file (the manage page's: `image`). */
  field: string;
  maxBytes: number;
  /** Declared media types accepted for the file part. */
  types: readonly string[];
  /** What the document says of the file. */
  description: string;
}

export interface UploadedFile {
  bytes: Uint8Array<ArrayBuffer>;
  mediaType: string;
}

/** Room for the text fields and the multipart framing beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const isMultipart = (request: Request) => /^multipart\/form-data\s*;/i.test(request.get("content-type") ?? "");

const tooLarge = (spec: UploadSpec) => new ApiProblem(413, "PAYLOAD_TOO_LARGE", [`The file is too large: the limit is ${Math.floor(spec.maxBytes / (1024 * 1024))} MB.`]);

/** The form's text fields and its one file (null when none was sent); refusals are ApiProblems (400, 413, 415). */
export function readUpload(request: Request, spec: UploadSpec): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!isMultipart(request)) return Promise.reject(new ApiProblem(415, "UNSUPPORTED_MEDIA_TYPE", ["Send this call's body as multipart/form-data."]));
  if (Number(request.get("content-length") ?? 0) > spec.maxBytes + FORM_OVERHEAD_BYTES) return Promise.reject(tooLarge(spec));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { files: 1, fileSize: spec.maxBytes, fields: 10, fieldSize: 4096, parts: 11 } });
    } catch {
      return reject(new ApiProblem(400, "MALFORMED_BODY", ["The multipart body could not be read (no boundary)."]));
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let problem: ApiProblem | null = null;
    const refuse = (next: ApiProblem) => (problem ??= next);
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) refuse(new ApiProblem(400, "VALIDATION", ["A form field is too long."], { [name]: ["This field is too long."] }));
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      if (name !== spec.field) {
        refuse(new ApiProblem(400, "VALIDATION", ["This field is not part of the request."], { [name]: ["This field is not part of the request."] }));
      } else if (!spec.types.includes(info.mimeType.toLowerCase())) {
        refuse(new ApiProblem(415, "UNSUPPORTED_MEDIA_TYPE", [`The ${spec.field} must be sent as ${spec.types.join(" or ")}.`]));
      }
      stream.on("data", (chunk: Buffer) => {
        if (!problem) chunks.push(chunk);
      });
      stream.on("limit", () => refuse(tooLarge(spec)));
      stream.on("end", () => {
        if (!problem && name === spec.field) file = { bytes: new Uint8Array(Buffer.concat(chunks)), mediaType: info.mimeType.toLowerCase() };
      });
    });
    const tooMany = () => refuse(new ApiProblem(400, "VALIDATION", [`Send one ${spec.field} and the call's fields only.`], { [spec.field]: ["One file only."] }));
    parser.on("filesLimit", tooMany);
    parser.on("fieldsLimit", tooMany);
    parser.on("partsLimit", tooMany);
    parser.on("error", () => reject(problem ?? new ApiProblem(400, "MALFORMED_BODY", ["The multipart body could not be read."])));
    parser.on("close", () => (problem ? reject(problem) : resolve({ fields, file })));
    // A client gone mid-upload never ends the parser: the request's own end settles it.
    request.once("close", () => {
      if (!request.complete) reject(new ApiProblem(400, "MALFORMED_BODY", ["The upload was interrupted."]));
    });
    request.pipe(parser);
  });
}
