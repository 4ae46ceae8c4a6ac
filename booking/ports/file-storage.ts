/** Storage for uploaded files (proof of purchase), kept outside the web root. */
export interface StoredFile {
  key: string;
  contentType: string;
  size: number;
}

export interface FileStorage {
  put(input: { carrierCode: string; name: string; contentType: string; bytes: Uint8Array }): Promise<StoredFile>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
}
