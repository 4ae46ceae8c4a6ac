// Generated from /api/v4/openapi.json by scripts/api-client.mjs (npm run api:client); do not edit.
export type paths = {
    "/wefix-booking/build": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Builds a new draft booking (referrer, channel, lucidRef kept for attribution). Accepts Idempotency-Key.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Replays the first answer for 24 hours (ADR 173); another request under the same key: 422. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        referrer?: string | null;
                        channel?: string | null;
                        lucidRef?: string | null;
                        is_business_account?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/carrier/{carrier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's carrier's §3 settings and carrier details in full, from the CMS: the switches (`settings`), the header, footer and theme (`carrier`), and `allows_in_store_bookings` / `allows_in_store_drop_off`. Another carrier's code answers 404.
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    carrier: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                settings: components["schemas"]["CarrierSettings"];
                                carrier: components["schemas"]["CarrierDetails"];
                                allows_in_store_bookings: boolean;
                                allows_in_store_drop_off: boolean;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/carrier/{carrier}/store/{storeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One of the key's carrier's stores (by its id, or its code as staff type it) with its distance from the postcode; another carrier's code or store answers 404.
         * @description Scope: stores:read. Rate limit: the key's read calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    carrier: string;
                    storeId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        postcode: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/by/ref/{ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The booking by its reference (the spec's second path).
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/by/token/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The booking by its resume token.
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The booking by its reference.
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether the booking can go to payment, without changing it: the booking (`booking_reference`, `booking`, as every booking call answers) with its validity beside it (`valid`; else the §8 `code`, `messages` and the `fields` at fault).
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                                valid: boolean;
                                code: string | null;
                                messages: string[];
                                fields: {
                                    [key: string]: string[];
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/postcode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The repair postcode: BK04 when invalid or not covered. `carrier`, when sent, must be the key's carrier (400 otherwise).
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        postcode: string;
                        carrier?: string;
                        is_business_account?: boolean;
                        repair_type?: string | null;
                        model_version_id?: number | null;
                        problems?: number[] | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The repair address: BK04 when no area covers it. `carrier`, when sent, must be the key's carrier (400 otherwise).
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        line_1: string;
                        line_2?: string | null;
                        town: string;
                        postcode: string;
                        latitude?: number | null;
                        longitude?: number | null;
                        carrier?: string;
                        is_business_account?: boolean;
                        repair_type?: string | null;
                        model_version_id?: number | null;
                        problems?: number[] | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The store an in-store booking is made for, or { ignore: true }. `carrier`, when sent, must be the key's carrier (400 otherwise).
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        store_code: string;
                        carrier?: string;
                    } | {
                        /** @enum {boolean} */
                        ignore: true;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/drop-off": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drop-off at one of the carrier's stores.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        drop_off_company_store_id: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Back to a visit instead of a drop-off. `drop_off_company_store_id` (optional, as the spec's client sends it) must be the booking's drop-off store (400 otherwise).
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        drop_off_company_store_id?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/device/{deviceKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One device of the booking.
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                    deviceKey: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Adds the device under this key (10 to 32 hex digits, chosen by the caller) or updates it: sending it again is safe.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                    deviceKey: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model_version_id?: number;
                        make_id?: number | null;
                        problems?: number[] | null;
                        colour?: string | null;
                        imei?: string | null;
                        reference?: string | null;
                        customer_reference?: string | null;
                        device_type_id?: number | null;
                        triage_answers?: {
                            [key: string]: string;
                        } | null;
                        appliance_model_code?: string | null;
                        upsells?: number[] | null;
                        insured?: boolean | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                                device_key: string;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Removes a device from the booking.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                    deviceKey: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/warranty": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The in-warranty answer: RBK15 when out of warranty.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        in_warranty: boolean | null;
                        purchase_date?: string | null;
                        imei?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bookable days of the booking's area: days_to_load days (default 10) from start_date (default today).
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        start_date?: string | null;
                        days_to_load?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/date": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Holds a repair date: BK13 when the day is no longer available.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        date: string;
                        requestPreferredDateCallback?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/customer-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer's names, e-mail, phone and billing.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        first_name: string;
                        last_name: string;
                        email: string;
                        email_consent?: boolean;
                        phone_number: string;
                        billing_first_name?: string;
                        billing_last_name?: string;
                        billing_address?: {
                            line_1: string;
                            line_2?: string;
                            town: string;
                            postcode: string;
                        };
                        address?: {
                            line_1: string;
                            line_2?: string;
                            town: string;
                        };
                        force_persist?: boolean;
                        locale?: string;
                        site_url?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/discount-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Applies a promo code.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        discount_code: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Removes the promo code. `discount_code` (optional, as the spec's client sends it) must be the booking's code, in any case (400 otherwise).
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        discount_code?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/request-call-back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The customer asks to be called back about this booking. Accepts Idempotency-Key.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Replays the first answer for 24 hours (ADR 173); another request under the same key: 422. */
                    "idempotency-key"?: string;
                };
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        model_version_id?: number | null;
                        postcode?: string | null;
                        name: string;
                        email: string;
                        phone: string;
                        carrier?: string;
                        /** @enum {string} */
                        locale?: "en" | "de";
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/generate-billing-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The card and pay-later client tokens for the payment step.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/confirm-iw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirms an in-warranty booking without payment.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/confirm-promo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirms a booking a promo code pays in full.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/booking-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An agent hands the booking over (ADR 177): a new booking code, the previous one stops working; the customer confirms the booking with it on the carrier's site (/booking/continue). send: true also sends it to the customer's e-mail and phone. Confirm-only or in-store carriers only. Accepts Idempotency-Key.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Replays the first answer for 24 hours (ADR 173); another request under the same key: 422. */
                    "idempotency-key"?: string;
                };
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        send?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking_code: string;
                                expires_at: string;
                                sent_to: {
                                    email: string;
                                    phone: string | null;
                                } | null;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/charge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pays the booking with the payment provider's token (the sandbox takes its test nonces) and makes it an order. `invoice_payment: true` is refused (400): no carrier bills by invoice. Accepts Idempotency-Key.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Replays the first answer for 24 hours (ADR 173); another request under the same key: 422. */
                    "idempotency-key"?: string;
                };
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        paid_via_credit?: boolean;
                        currency: string;
                        token: string;
                        /** @enum {string} */
                        payment_type?: "card" | "paypal" | "pay_later" | "pay_later_instalments";
                        /** @description Spec §7's invoice payment. No carrier bills by invoice: `true` is refused (400 VALIDATION, `invoice_payment`) and nothing is charged; `false` or left out pays with `token`. */
                        invoice_payment?: boolean;
                        expected_total?: number;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                booking_reference: string;
                                booking: {
                                    [key: string]: unknown;
                                };
                                order_id: number | null;
                                checkout_status: string;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/makes/list/type/{typeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Makes of a device type (1 phone or tablet, 2 appliance) the carrier offers: with at least one model; `show_available=true` only those with a repair the carrier prices (something bookable); `show_available=false` every make of the type, with models or not.
         * @description Scope: catalogue:read. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: {
                    show_available?: "true" | "false";
                };
                header?: never;
                path: {
                    typeId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/device/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The device types; `repair_type_id` keeps only that type (1 phone or tablet, 2 appliance; an unknown id lists none).
         * @description Scope: catalogue:read. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: {
                    repair_type_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models of a make and type in priority order, optionally of one kind or matching a search. The API lists only the consumer catalogue's models linked to the make and offered by the carrier: `filter_relationships` and `isFromB2C` may be sent as true (the spec's client does) and are refused as false.
         * @description Scope: catalogue:read. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query: {
                    make_id: string;
                    type_id: string;
                    device_type?: "phone" | "tablet" | "appliance";
                    search?: string;
                    order_by?: "priority,asc";
                    filter_relationships?: "true";
                    isFromB2C?: "true";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/models/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The versions (storage sizes, variants) of a model.
         * @description Scope: catalogue:read. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/models/versions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One model version with its repairs and the carrier's prices. `include_warranty_repairs=true` adds `warranty_repairs`: the repairs as an in-warranty booking prices them (free, the carrier's warranty charge where it charges one, once per booking); none where the carrier offers no warranty repairs.
         * @description Scope: catalogue:read. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: {
                    include_warranty_repairs?: "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customer/{ref}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order by its reference, for the customer's e-mail.
         * @description Scope: orders:manage. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query: {
                    email: string;
                };
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Order"];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customer/{ref}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's devices, for the customer's e-mail.
         * @description Scope: orders:manage. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query: {
                    email: string;
                };
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cancels the order (the spec's GET). Inside 24 hours of the visit the carrier's call-out charge is kept and the rest refunded (`cancellation_quote` before, `cancellation` after); refused once the visit has begun. A second call refunds nothing more.
         * @description Scope: orders:manage. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query: {
                    email_to_verify: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Order"];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{order}/load-days/{date}/{days}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Days the order can move to: {days} days (the spec's client asks 10) from {date}. The key's carrier's orders only; `email_to_verify` (optional) also checks the customer's e-mail, behind the lookup throttle.
         * @description Scope: orders:manage. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: {
                    email_to_verify?: string;
                };
                header?: never;
                path: {
                    order: string;
                    date: string;
                    days: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/date": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Moves the order to another date (OR04 when not available) and answers the move's log entry as `date_change`. `reason` (more than three words) is optional: without it, POST /technicians/log/date-change records it next, as the spec's client does.
         * @description Scope: orders:manage. Rate limit: the key's write calls (ADR 175).
         */
        put: {
            parameters: {
                query?: {
                    email_to_verify?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        date: string;
                        reason?: string;
                        email_to_verify?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/technicians/log/date-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Records the date-change log entry of a move (spec §3: jobId, userId, original_date, new_date, reason, original_technician, new_technician) and answers the job's log. PUT /orders/{id}/date wrote the entry with the move (its `date_change` holds the job and technicians); this call records its reason where the move had none. An entry no move of the job matches, or with another reason or user than the one recorded, contradicts the order's history: 422 VALIDATION naming the field; another carrier's job 404. Sent again, nothing is logged twice. Without `jobId`, `order_id` and `email_to_verify` read the order's log (optionally only the move to `date`; 404 when none).
         * @description Scope: orders:manage. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        jobId?: number | string;
                        userId?: string | number | null;
                        original_date?: string;
                        new_date?: string;
                        reason?: string;
                        original_technician?: string;
                        new_technician?: string;
                        order_id?: string | number;
                        email_to_verify?: string;
                        date?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                job_id: number;
                                user_id: string | null;
                                original_date: string;
                                new_date: string;
                                reason: string;
                                original_technician: string;
                                new_technician: string;
                                created_at: string;
                                by: {
                                    /** @enum {string} */
                                    type: "customer" | "staff" | "partner" | "system";
                                    name: string | null;
                                };
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/devices/{id}/validation-images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The proof of purchase of an order's device, as multipart/form-data: the image part (a .jpg or .png, checked by its content). The key's carrier's orders only; an `email` part (optional) also checks the customer's e-mail, behind the lookup throttle.
         * @description Scope: orders:manage. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        email?: string;
                        /**
                         * Format: binary
                         * @description The proof of purchase, a .jpg or .png (checked by its content) (image/jpeg, image/png, application/octet-stream, at most 8388608 bytes)
                         */
                        image: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Moves the repair address (OR03 no technician there, OR04 the date not available there).
         * @description Scope: orders:manage. Rate limit: the key's write calls (ADR 175).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        line_1: string;
                        line_2?: string | null;
                        town: string;
                        postcode: string;
                        latitude?: number | null;
                        longitude?: number | null;
                        email_to_verify: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vans/location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the technician's van is for a job of the customer's order, as far as the technician reported it.
         * @description Scope: orders:manage. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query: {
                    job_id: string;
                    email: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Where the technician's van is, as far as the technician reported it. */
                            data: {
                                job_id: number;
                                /**
                                 * @description scheduled: no technician on the way yet (expect them within `window`); on_the_way: the technician pressed 'on my way'; arrived: the technician confirmed the customer is present; completed: the repair is done; cancelled. at_base only from a development server's simulation.
                                 * @enum {string}
                                 */
                                status: "scheduled" | "at_base" | "on_the_way" | "arrived" | "completed" | "cancelled";
                                /** @description The technician's last reported position; null before one is reported. Never a guess. */
                                latitude: number | null;
                                longitude: number | null;
                                /** @description Estimated arrival from a fresh reported position (straight line at 20 km/h); null without one, once it is stale, and after arrival. */
                                eta: string | null;
                                /** @description When the position was reported; null without one. */
                                position_at: string | null;
                                /** @description The position is over 10 minutes old: show it as the last known one, with position_at, and no estimate. */
                                stale: boolean;
                                /** @description An ISO 8601 instant (UTC). */
                                checked_at: string;
                                /** @description True only on a development server with TRACKING_SIMULATED_VAN: the van is simulated from the clock, not reported. */
                                simulated: boolean;
                                technician_name: string;
                                van_registration: string;
                                /** @description The appointment window the technician arrives in. */
                                window: {
                                    /** @description An ISO 8601 instant (UTC). */
                                    start: string;
                                    /** @description An ISO 8601 instant (UTC). */
                                    end: string;
                                };
                                /** @description An ISO 8601 instant (UTC). */
                                updated_at: string;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking/{ref}/triage-questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The fault questions of an appliance's model (by `type`, the model id) or of a device of the booking; answers go in the device's triage_answers.
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The id of the model (appliance) the questions are for: triage questions belong to models in this catalogue. */
                        type?: number;
                        /** @description Or a device of the booking: its model's questions. */
                        device_key?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                code: string;
                                question: string;
                                required: boolean;
                                options: {
                                    code: string;
                                    label: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact-request-reason": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reasons a customer can choose for a message (the carrier's, from the CMS, in the answer's language).
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                title: string;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sends the customer's message (answered within 48 hours). A key without browser origins is trusted: no captcha. A key used from browser pages sends the captcha token as the contact page does. Accepts Idempotency-Key.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Replays the first answer for 24 hours (ADR 173); another request under the same key: 422. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        email: string;
                        phone: string;
                        /** @description A contact reason's id (GET /contact-request-reason), or the reason as { id, title }. */
                        reason: number | {
                            id: number;
                            title?: string;
                        };
                        message: string;
                        g_recaptcha_response?: string | null;
                        captcha_token?: string | null;
                        carrier?: string;
                        /** @enum {string} */
                        locale?: "en" | "de";
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: number;
                                status: string;
                                reply_due_at: string;
                                created_at: string;
                                reason: {
                                    id: number;
                                    title: string;
                                };
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/order/addresses/{postcode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The addresses at a postcode for changing an order's address (spec §7 'UK order address list'): a list of address lines, each one address on one line ('Flat 5, Earl Grey House, 75 Grey Street, Newcastle upon Tyne, Tyne and Wear, NE1 6EE'); at most 50. `format=structured` answers each as §3's fields instead: id, line_1, line_2, line_3, post_town, county, postcode.
         * @description Scope: orders:manage. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: {
                    format?: "lines" | "structured";
                };
                header?: never;
                path: {
                    postcode: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: string[] | {
                                id: string;
                                line_1: string;
                                line_2: string;
                                line_3: string;
                                post_town: string;
                                county: string;
                                postcode: string;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/{ref}/update-klarna": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Updates the booking's pay-later session to the basket's total.
         * @description Scope: bookings:write. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    ref: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wefix-booking/devices/{id}/imei": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The IMEI (or tablet serial number) of an order's device, for the customer's e-mail.
         * @description Scope: orders:manage. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        imei: string;
                        email: string;
                        customer_update?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/devices/{id}/imei": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The IMEI (or tablet serial number) of an order's device, for the customer's e-mail.
         * @description Scope: orders:manage. Rate limit: the key's write calls (ADR 175).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        imei: string;
                        email: string;
                        customer_update?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/stores/locate/{postcode}/{carrier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's carrier's stores near a postcode (another carrier's code answers 404).
         * @description Scope: stores:read. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: {
                    drop_off?: "true" | "false";
                };
                header?: never;
                path: {
                    postcode: string;
                    carrier: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loqate/address-find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Address suggestions in the carrier's country. `country_code` (ISO alpha-2, optional) must be the carrier's; another is refused (400).
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: {
                    text?: string;
                    container?: string;
                    country_code?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            }[];
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loqate/address-retrieve/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The full address of a suggestion.
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loqate/geocode/{country}/{text}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Latitude and longitude of an address text in the carrier's country; {country} (ISO alpha-2) must be the carrier's, another is refused (400).
         * @description Scope: bookings:write. Rate limit: the key's read calls (ADR 175).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    country: string;
                    text: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Malformed JSON, wrong types or unknown fields (VALIDATION, keyed by field), or a §8 booking code */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, expired or revoked API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description FORBIDDEN: the key lacks the call's scope, the browser origin is not listed on the key, or the request's host is another carrier's (a key answers only on its own carrier's hosts, or on a host that is no carrier's; ADR 254) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown booking (BK01), device, or another carrier's resource */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body (or an uploaded file) over the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body not application/json (multipart/form-data for a file upload), or a file of another type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A field rule of the engine (VALIDATION), or an Idempotency-Key reused with another request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The key's rate limit for this class of call is used up (RATE_LIMITED); Retry-After says when to try again (ADR 175) */
                429: {
                    headers: {
                        /** @description Calls of this class the key may make per window. */
                        "RateLimit-Limit"?: number;
                        /** @description Calls of this class left in the current window. */
                        "RateLimit-Remaining"?: number;
                        /** @description Seconds until the window ends. */
                        "RateLimit-Reset"?: number;
                        /** @description The limit and the window in seconds, e.g. `600;w=60`. */
                        "RateLimit-Policy"?: string;
                        /** @description Seconds until the key may call again. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A booking became an order (paid or confirmed).
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The order was cancelled (by the customer, customer service or a partner key).
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.date_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The order moved to another day.
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.address_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The repair address changed.
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Money was given back, in part or in full: `data.order.refunded_minor` is the total refunded so far; `state` is `refunded` when everything paid is given back (the order is then closed), `partly_refunded` otherwise. One event per refund.
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.on_the_way": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The technician pressed 'On my way'.
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The technician started the repair.
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The technician completed the repair.
         * @description Sent to every enabled endpoint of the carrier that ticked this event, signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature; ADR 179). Answer 2xx; anything else is retried.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookEvent"];
                };
            };
            responses: {
                /** @description Received (any 2xx). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        WebhookEvent: {
            /** @description The event's id (evt_…): the same for every endpoint and every retry; de-duplicate by it. */
            id: string;
            /** @enum {string} */
            type: "order.created" | "order.cancelled" | "order.date_changed" | "order.address_changed" | "order.refunded" | "job.on_the_way" | "job.started" | "job.completed";
            created_at: string;
            carrier: string;
            data: {
                booking_reference: string;
                order: {
                    /** @description The order reference. */
                    id: number;
                    /** @enum {string} */
                    status: "BOOKED" | "CANCELLED";
                    date: string;
                    slot: string;
                    /** @enum {string|null} */
                    job_status: "ON_THE_WAY" | "STARTED" | "COMPLETED" | null;
                    postcode: string;
                    /**
                     * @description The order's state from its history (ADR 247).
                     * @enum {string}
                     */
                    state: "booked" | "moved" | "cancelled" | "refunded" | "partly_refunded" | "completed";
                    paid_minor: number;
                    /** @description Everything refunded so far, in minor units of `currency`. */
                    refunded_minor: number;
                    currency: string;
                };
            };
        };
        /** @description Every refusal (ADR 170), localised by Accept-Language among the carrier's languages. */
        Error: {
            /** @description The spec's §8 code (BK01, BK04, BK07, BK09, BK13, BK27, RBK15, OR03, OR04, …) or the API's own (VALIDATION, UNAUTHORIZED, …). */
            code: string;
            /** @description A list, first message first; keyed by field for VALIDATION. */
            messages: string[] | {
                [key: string]: string[];
            };
            fields?: {
                [key: string]: string[];
            };
            /** @description The engine's stable code of each field message. */
            field_codes?: {
                [key: string]: string[];
            };
        };
        CarrierSettings: {
            /** @description The carrier's code. */
            carrier: string;
            /** @description The carrier's code (as `carrier`). */
            code: string;
            name: string;
            /** @description The partner environment the carrier's build runs against (the CMS's text), null when none is set. */
            partnerEnvironment: string | null;
            /** @description ISO 3166-1 alpha-2 (GB, DE, AU, US, CA). */
            countryCode: string;
            /** @description ISO 4217. */
            currency: string;
            /** @description The currency's symbol as the carrier's default language writes it (£, €, $). */
            currencySymbol: string;
            timezone: string | null;
            defaultLocale: string | null;
            supportedLocales: string[];
            inWarrantyStatus: boolean;
            allowWarrantyRepairs: boolean;
            warrantyRepairChargeable: boolean;
            /** @description Minor units. */
            warrantyRepairCharge: number;
            hasCallOutCharge: boolean;
            /** @description Minor units. */
            callOutCharge: number;
            lateDateChanges: boolean;
            use3DSecure: boolean;
            /** @description The pay-later option is offered. */
            usesKlarna: boolean;
            maxDevicesPerBasket: number;
            storeRequired: boolean;
            singleMakeOnly: boolean;
            singleMakeId: number | null;
            offersMailIn: boolean;
            confirmOnly: boolean;
            payButtonVariant: string | null;
            businessAccounts: boolean;
            /** @description The address-lookup service is used on the location step. */
            addressLookup: boolean;
            allowsInStoreBookings: boolean;
            allowsInStoreDropOff: boolean;
            isInternational: boolean;
            liveChat: boolean;
        };
        CarrierDetails: {
            name: string;
            formattedName: string | null;
            formattedWeb: string | null;
            web: string | null;
            email: string | null;
            phone: string | null;
            address: string | null;
            registrationDetails: string | null;
            /** @description Who operates the repairs, for the footer. */
            operatorName: string | null;
            /** @description The header logo (a path on the carrier's host, or an address the URL policy allows). */
            logoPath: string | null;
            landingPageLogoPath: string | null;
            /** @description §3's icons: the carrier's site icons as operations keep them in the CMS, each the attributes of a `<link>` in the page's head, in order. Empty when none is set (the browser's default icon). */
            icons: {
                /**
                 * @description `icon`: the browser tab and bookmarks; `apple-touch-icon`: a phone's home screen.
                 * @enum {string}
                 */
                rel: "icon" | "apple-touch-icon";
                /** @description The image: a path on the carrier's host, an https address or an image data: URI (the logos' URL policy). */
                href: string;
                /** @description `any` or `WxH` (several separated by spaces); null when not given. */
                sizes: string | null;
                /** @description The image's MIME type (image/png, image/svg+xml, image/x-icon …); null when not given. */
                type: string | null;
            }[];
            liveChat: boolean;
            liveChatUrl: string | null;
            /** @description Redirect field: where the landing page sends visitors instead, when set. */
            externalLandingRedirectUrl: string | null;
            /** @description Redirect field: the carrier's own support picker, when set. */
            externalSupportPickerUrl: string | null;
            currency: string;
            countryCodeAlpha2: string;
            hasCallOutCharge: boolean;
            callOutCharge: number;
            allowWarrantyRepairs: boolean;
            usesKlarna: boolean;
            use3DSecure: boolean;
            isInternational: boolean;
            additionalLandingPage: boolean;
            additionalLandingPageLimit: number | null;
            showImprint: boolean;
            /**
             * @description The withdrawal sentence at checkout (ADR 272): `country` shows it where the carrier's country requires it, `on` always, `off` never.
             * @enum {string}
             */
            policyPhrase: "country" | "on" | "off";
            /** @description Whether the withdrawal sentence shows for this carrier (from `policyPhrase` and its country). */
            showPolicyPhrase: boolean;
            theme: {
                primaryColor: string | null;
                primaryContrastColor: string | null;
                accentColor: string | null;
                backgroundColor: string | null;
                surfaceColor: string | null;
                textColor: string | null;
                fontFamily: string | null;
                headingFontFamily: string | null;
            } | null;
        };
        Order: {
            order_id: number;
            reference: string;
            /** @enum {string} */
            status: "BOOKED" | "CANCELLED";
            /** @enum {string|null} */
            refund_status: "PENDING" | "REFUNDED" | "FAILED" | null;
            /** @description 24 hours before the visit (ISO instant); null for a repair by post. */
            change_deadline: string | null;
            /**
             * @description open: free changes; late: inside 24 hours (cancelling keeps the fee); closed: the visit has begun or the technician is on the way.
             * @enum {string}
             */
            change_window: "open" | "late" | "closed";
            /** @description Date and address changes free of any fee (more than 24 hours before the visit). */
            can_change_online: boolean;
            can_cancel_online: boolean;
            /** @description Inside 24 hours only where the carrier allows late moves (no fee for the move). */
            can_change_date_online: boolean;
            /** @description What cancelling now keeps and refunds, in minor units: `kept` is the carrier's call-out charge when late, never more than `paid`; null when it cannot be cancelled. */
            cancellation_quote: {
                late: boolean;
                fee: number;
                paid: number;
                kept: number;
                refund: number;
                currency: string;
            } | null;
            /** @description A cancelled order once its refund is settled: the fee kept and the amount refunded, in minor units. */
            cancellation: {
                fee_kept: number;
                refunded: number;
                currency: string;
            } | null;
            cancellation_charge: {
                applies: boolean;
                amount: number;
                currency: string;
            };
            /**
             * @description Derived from the history: `refunded` (everything paid given back) and `cancelled` close the order; `partly_refunded` stays booked.
             * @enum {string}
             */
            state: "booked" | "moved" | "cancelled" | "refunded" | "partly_refunded" | "completed";
            /** @description Nothing more can be changed (cancelled, refunded in full, or completed). */
            closed: boolean;
            /** @description What was paid, what was refunded so far and the call-out charge kept, in minor units of the order's currency. */
            money: {
                paid_minor: number;
                refunded_minor: number;
                fee_kept_minor: number;
                currency: string;
            };
            /** @description Every change to the order, oldest first, with who made it. */
            history: components["schemas"]["OrderHistoryEntry"][];
        } & {
            [key: string]: unknown;
        };
        OrderHistoryEntry: {
            /** @enum {string} */
            kind: "booked" | "paid" | "message_sent" | "message_failed" | "date_changed" | "address_changed" | "on_the_way" | "arrived" | "completed" | "cancelled" | "refunded" | "refund_failed" | "imei_added" | "proof_uploaded";
            /** @description When (ISO 8601 instant). */
            at: string;
            actor: {
                /** @enum {string} */
                type: "customer" | "staff" | "partner" | "system";
                /** @description The staff account's or the API key's id; null for the customer and the system. */
                id: string | null;
                /** @description The staff account's display name or the API key's name, as it was at the change. */
                name: string | null;
            };
            /** @description What changed: the old and new date, the message's kind and channel, `fee_minor` kept on a cancellation, a refund's `full` and `refunded_minor`. */
            details: {
                [key: string]: unknown;
            };
            /** @description Money moved by the change in minor units: paid, refunded, the fee kept. */
            amount_minor: number | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
