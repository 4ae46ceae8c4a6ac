export { createEmbeddedAddressProvider, type EmbeddedAddressProviderOptions } from "./embedded-provider";
export { ADDRESS_BOOK, POSTCODE_CENTRES, type AddressBookEntry } from "./address-book";
