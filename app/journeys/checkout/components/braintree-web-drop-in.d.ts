/** The npm package ships no types; braintree-drop-in.tsx states the part of its API it uses. */
declare module "braintree-web-drop-in" {
  export function create(options: unknown): Promise<unknown>;
}
