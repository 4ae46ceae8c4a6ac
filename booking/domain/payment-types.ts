/**
 * How an order is paid: what a customer can pay with at checkout (the charge's `payment_type`),
 * and what an order records, which adds the two ways of owing nothing (a warranty repair, a promo
 * that covers it all). Messages name a pay-later plan from it (ADR 093).
 */
export const PAYMENT_TYPES = ["card", "paypal", "pay_later", "pay_later_instalments"] as const;

export const ORDER_PAYMENT_TYPES = [...PAYMENT_TYPES, "in_warranty", "promo"] as const;

export type OrderPaymentType = (typeof ORDER_PAYMENT_TYPES)[number];

export const isOrderPaymentType = (type: string | null | undefined): type is OrderPaymentType => (ORDER_PAYMENT_TYPES as readonly (string | null | undefined)[]).includes(type);
