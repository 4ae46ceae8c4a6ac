import { z } from "zod";

/** A DNS name a public certificate can be issued for: letters, digits and hyphens in dot-separated labels (the TLS ask's rule, ADR 103). */
export const certifiableDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.*[a-z])([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, "domain must be a DNS name such as repair.example.com")
  .refine((name) => !name.endsWith(".localhost"), "a .localhost name gets no certificate");
