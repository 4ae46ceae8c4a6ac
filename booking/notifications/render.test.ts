import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { createOutboxSenders } from "../adapters/outbox/outbox-senders";
import { ValidationError } from "../domain/errors";
import { DEFAULT_TEMPLATES } from "./default-templates";
import { renderMessage, type MessageBrand, type RenderMessageInput } from "./render";
import { OUTBOX_SENDER, sendersFromEnv, withSenders } from "./senders";
import { CUSTOMER_MESSAGE_KINDS, PLACEHOLDERS_OF } from "./template-kinds";

const logoSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><title>Acme</title><text y="30">Acme</text></svg>';

const acme: MessageBrand = {
  code: "acme",
  name: "Acme Repairs",
  countryCode: "GB",
  currency: "GBP",
  timezone: "Europe/London",
  email: "help@acme.example",
  phone: "0800 123 4567",
  web: "https://acme.example",
  logoUrl: `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString("base64")}`,
  colours: { primary: "#0a5cd5", onPrimary: "#ffffff", text: "#1a1a1a", background: "#ffffff", surface: "#f5f7fa" },
};

const flickwerk: MessageBrand = { code: "werk", name: "Werkstatt", countryCode: "DE", currency: "EUR", timezone: "Europe/Berlin" };

const confirmed = (overrides: Partial<RenderMessageInput> = {}): RenderMessageInput => ({
  carrier: acme,
  kind: "booking-confirmed",
  locale: "en",
  values: {
    orderRef: "RB7K2M9Q",
    devices: ["iPhone 15 – cracked screen", "iPad Air – battery"],
    date: "2026-12-01",
    window: { start: "08:00", end: "12:00" },
    address: ["1 High Street", "London", "SW1A 1AA"],
    amount: 12999,
    manageUrl: "https://acme.example/manage/booking?order_ref=RB7K2M9Q&email=ada%40example.com",
    trackingUrl: "https://acme.example/track/RB7K2M9Q",
  },
  to: { name: "Ada Lovelace", email: "ada@example.com", phone: "+447700900123" },
  ...overrides,
});

describe("a message's arrival window, in the carrier's locale's own clock (ADR 246)", () => {
  const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, " ");
  const carrierIn = (countryCode: "US" | "CA" | "AU", currency: "USD" | "CAD" | "AUD", timezone: string): MessageBrand => ({
    code: "x",
    name: "Fixers",
    countryCode,
    currency,
    timezone,
  });
  const window = (carrier: MessageBrand, start: string, end: string) =>
    renderMessage(confirmed({ carrier, values: { ...confirmed().values, window: { start, end } }, to: { email: "ada@example.com", phone: "+12025550123" } }));

  it("reads 12-hour ranges in the United States, Canada and Australia, e-mail and SMS alike", () => {
    const us = window(carrierIn("US", "USD", "America/New_York"), "08:00", "12:00");
    expect(plain(us.email!.text)).toContain(", 8:00 AM – 12:00 PM, to:");
    expect(us.sms!.text).toContain(", 8:00 AM - 12:00 PM. Manage it:");
    expect(us.sms!.text).not.toMatch(/[\u2009\u202f–]/);
    expect(plain(window(carrierIn("US", "USD", "America/New_York"), "13:00", "17:00").email!.text)).toContain(", 1:00 – 5:00 PM, to:");
    expect(plain(window(carrierIn("CA", "CAD", "America/Toronto"), "08:00", "09:00").email!.text)).toContain(", 8:00–9:00 a.m., to:");
    expect(plain(window(carrierIn("AU", "AUD", "Australia/Sydney"), "13:00", "17:00").email!.text)).toContain(", 1:00 – 5:00 pm, to:");
  });

  it("keeps 24-hour windows in Britain and Germany, in English and German", () => {
    expect(renderMessage(confirmed()).email!.text).toContain(", 08:00–12:00, to:");
    expect(renderMessage(confirmed({ carrier: flickwerk, locale: "de" })).email!.text).toContain(", 08:00–12:00, zu:");
    expect(renderMessage(confirmed({ carrier: flickwerk, locale: "en" })).email!.text).toContain(", 08:00–12:00, to:");
  });
});

describe("a customer message without a template in the CMS", () => {
  it("uses the standard text with the booking's values, money in the carrier's style", () => {
    const { email, sms } = renderMessage(confirmed());
    expect(email?.subject).toBe("Your Acme Repairs repair is booked: RB7K2M9Q");
    expect(email?.text).toContain("Amount: £129.99");
    expect(email?.text).toContain("Your technician comes on Tuesday, 1 December 2026, 08:00–12:00, to:\n1 High Street\nLondon\nSW1A 1AA");
    expect(email?.text).toContain("Manage your booking: https://acme.example/manage/booking?order_ref=RB7K2M9Q&email=ada%40example.com");
    expect(email?.html).toContain("£129.99");
    expect(email?.html).toContain("1 High Street<br>London<br>SW1A 1AA");
    expect(sms).toEqual({
      carrierCode: "acme",
      to: "+447700900123",
      text: "Acme Repairs: repair RB7K2M9Q is booked for Tuesday, 1 December 2026, 08:00-12:00. Manage it: https://acme.example/manage/booking?order_ref=RB7K2M9Q&email=ada%40example.com",
    });
  });

  it("names a pay-later plan beside the amount, in the customer's language", () => {
    const later = (payment: "pay_later" | "pay_later_instalments" | "card", locale: "en" | "de") =>
      renderMessage(confirmed({ locale, values: { ...confirmed().values, payment } })).email?.text;
    expect(later("pay_later", "en")).toContain("Amount: £129.99 (pay later: due within 30 days)");
    expect(later("pay_later_instalments", "en")).toContain("Amount: £129.99 (pay later: in 3 instalments)");
    expect(later("pay_later_instalments", "de")).toContain("129,99 £ (später bezahlen: in 3 Raten)");
    expect(later("card", "en")).toMatch(/Amount: £129\.99\n/);
  });

  it("falls back field by field when the carrier's template leaves a field empty", () => {
    const { email, sms } = renderMessage(confirmed({ template: { subject: "Booked! {{orderRef}}", emailBody: "  ", smsText: null } }));
    expect(email?.subject).toBe("Booked! RB7K2M9Q");
    expect(email?.text).toContain("Thank you for booking your repair with Acme Repairs.");
    expect(sms?.text).toMatch(/^Acme Repairs: repair RB7K2M9Q is booked/);
  });

  it("has a standard text in English and German for every message, using only the placeholders the message fills", () => {
    for (const locale of ["en", "de"] as const) {
      for (const kind of CUSTOMER_MESSAGE_KINDS) {
        const standard = DEFAULT_TEMPLATES[locale][kind];
        for (const text of Object.values(standard)) {
          expect(text.trim().length).toBeGreaterThan(10);
          const used = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]);
          expect(
            used.filter((name) => !(PLACEHOLDERS_OF[kind] as readonly string[]).includes(name)),
            `${locale} ${kind}`,
          ).toEqual([]);
        }
      }
    }
  });

  it("leaves out a line whose values are all missing, such as an order reference a contact message does not have", () => {
    const { email } = renderMessage({ carrier: acme, kind: "contact-received", locale: "en", values: {}, to: { email: "ada@example.com" } });
    expect(email?.text).toContain("We have your message and answer within 48 hours.");
    expect(email?.text).not.toContain("Order reference");
  });
});

describe("the carrier's template", () => {
  it("fills its placeholders and turns [label]({{url}}) into a link, a lone one into a button", () => {
    const { email } = renderMessage(confirmed({ template: { emailBody: "Hello from {{brand}}.\n\nSee [your booking]({{manageUrl}}) or track it.\n\n[Track]({{trackingUrl}})" } }));
    expect(email?.html).toContain(
      'See <a href="https://acme.example/manage/booking?order_ref=RB7K2M9Q&amp;email=ada%40example.com" style="color:#0a5cd5;text-decoration:underline;">your booking</a> or track it.',
    );
    expect(email?.html).toMatch(/<a href="https:\/\/acme\.example\/track\/RB7K2M9Q" style="display:inline-block;[^"]*background:#0a5cd5;color:#ffffff;[^"]*">Track<\/a>/);
    expect(email?.text).toContain(
      "Hello from Acme Repairs.\n\nSee your booking: https://acme.example/manage/booking?order_ref=RB7K2M9Q&email=ada%40example.com or track it.\n\nTrack: https://acme.example/track/RB7K2M9Q",
    );
  });

  it("is replaced by the standard text where it uses a placeholder the message does not fill (the CMS refuses those on save)", () => {
    const { email, sms } = renderMessage(confirmed({ kind: "contact-received", template: { subject: "Refund {{refund}}", smsText: "Hi {{customer}}" } }));
    expect(email?.subject).toBe("We have your message – Acme Repairs");
    expect(sms?.text).toBe("Acme Repairs: we have your message and answer within 48 hours.");
  });

  it("cannot inject markup: the template's own text and every value are escaped in the HTML", () => {
    const { email } = renderMessage(
      confirmed({
        carrier: { ...acme, name: 'Acme <script>alert("x")</script>' },
        template: { emailBody: "<b>Bold</b> & {{devices}}\n\n[<img src=x onerror=alert(1)>]({{manageUrl}})" },
        values: { ...confirmed().values, devices: ['<img src=x onerror="alert(1)">'], manageUrl: 'https://acme.example/"><script>x</script>' },
      }),
    );
    const html = email?.html ?? "";
    expect(html).not.toMatch(/<script|<img src=x|<b>/);
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("Acme &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain('href="https://acme.example/%22%3E%3Cscript%3Ex%3C/script%3E"');
  });

  it("keeps literal links to web addresses only", () => {
    const { email } = renderMessage(confirmed({ template: { emailBody: "[Terms](https://acme.example/terms) and [bad](javascript:alert(1))" } }));
    expect(email?.html).toContain('<a href="https://acme.example/terms"');
    expect(email?.html).not.toMatch(/href="javascript/);
    expect(email?.html).toContain("and [bad](javascript:alert(1))");
  });
});

describe("values a message refuses", () => {
  it.each([
    ["a javascript: manage link", { manageUrl: "javascript:alert(1)" }],
    ["a data: tracking link", { trackingUrl: "data:text/html,hi" }],
    ["money in major units", { amount: 129.99 }],
    ["a date that is not a date", { date: "1 December" }],
  ])("%s", (_name, bad) => {
    expect(() => renderMessage(confirmed({ values: { ...confirmed().values, ...bad } }))).toThrow(ValidationError);
  });

  it("a logo that is neither a web address nor an inline picture", () => {
    expect(() => renderMessage(confirmed({ carrier: { ...acme, logoUrl: "javascript:alert(1)" } }))).toThrow(ValidationError);
  });
});

describe("the SMS", () => {
  // The GSM 7-bit basic alphabet (3GPP TS 23.038) without its extension table.
  const GSM = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

  it("keeps every standard text, in English and German, to the SMS alphabet and two SMS (306 characters)", () => {
    for (const locale of ["en", "de"] as const) {
      for (const kind of CUSTOMER_MESSAGE_KINDS) {
        const { sms } = renderMessage(
          confirmed({
            kind,
            locale,
            values: { ...confirmed().values, refund: 4950, feeKept: 9900, offerUrl: "https://acme.example/offer/0123456789abcdef", holdUntil: new Date("2026-11-30T13:30:00Z") },
          }),
        );
        expect(sms?.text, `${locale} ${kind}`).toMatch(GSM);
        expect(sms?.text.length, `${locale} ${kind}`).toBeLessThanOrEqual(306);
      }
    }
  });

  it("writes an editor's dashes and curly quotes plainly, so the SMS stays in the SMS alphabet", () => {
    const { sms } = renderMessage(confirmed({ template: { smsText: "“{{brand}}” – we’re on our way…" } }));
    expect(sms?.text).toBe('"Acme Repairs" - we\'re on our way...');
  });
});

describe("the carrier's look in the e-mail", () => {
  it("puts the carrier's colours inline, with no <style> block, the logo as an inline picture and the contact details in the footer", () => {
    const { email } = renderMessage(confirmed({ carrier: { ...acme, colours: { ...acme.colours, primary: "#7a1f5c" } } }));
    const html = email?.html ?? "";
    expect(html).not.toMatch(/<style|<link/i);
    expect(html).toContain("color:#7a1f5c;border-bottom:4px solid #7a1f5c;");
    expect(html).toMatch(/style="display:inline-block;[^"]*background:#7a1f5c;color:#ffffff;/);
    expect(html).toContain('<img src="cid:logo" alt="Acme Repairs"');
    expect(email?.attachments).toEqual([expect.objectContaining({ filename: "logo.svg", contentType: "image/svg+xml", contentId: "logo" })]);
    expect(html).toContain('<a href="tel:08001234567"');
    expect(html).toContain('<a href="mailto:help@acme.example"');
    expect(email?.text).toContain("Questions? We are here to help: 0800 123 4567 · help@acme.example · https://acme.example");
  });

  it("shows the brand name where the carrier has no logo, and a web logo by its address", () => {
    expect(renderMessage(confirmed({ carrier: { ...acme, logoUrl: undefined } })).email?.attachments).toBeUndefined();
    const web = renderMessage(confirmed({ carrier: { ...acme, logoUrl: "https://cdn.acme.example/logo.png" } })).email;
    expect(web?.html).toContain('<img src="https://cdn.acme.example/logo.png"');
  });

  it("sends no e-mail without an address and no SMS without a mobile number", () => {
    expect(renderMessage(confirmed({ to: { phone: "+447700900123" } })).email).toBeNull();
    expect(renderMessage(confirmed({ to: { email: "ada@example.com" } })).sms).toBeNull();
  });
});

describe("in German", () => {
  it("writes the standard text, dates and euros the German way", () => {
    const { email, sms } = renderMessage(confirmed({ carrier: flickwerk, locale: "de", values: { ...confirmed().values, amount: 9900 } }));
    expect(email?.subject).toBe("Ihre Reparatur bei Werkstatt ist gebucht: RB7K2M9Q");
    expect(email?.text).toContain("Betrag: 99 €");
    expect(email?.text).toContain("Ihr Techniker kommt am Dienstag, 1. Dezember 2026, 08:00–12:00, zu:");
    expect(email?.html).toContain('<html lang="de">');
    expect(sms?.text).toMatch(/^Werkstatt: Reparatur RB7K2M9Q ist gebucht für Dienstag, 1\. Dezember 2026/);
  });

  it("shows the refund of a UK carrier to a German-speaking customer in German style", () => {
    const { email } = renderMessage(confirmed({ kind: "booking-cancelled", locale: "de", values: { ...confirmed().values, refund: 4950 } }));
    expect(email?.text).toContain("Erstattung: 49,50 £");
  });

  it("says beside the refund that a late cancellation's fee was kept, in English and German, in the e-mail and the SMS (ADR 250)", () => {
    const en = renderMessage(confirmed({ kind: "booking-cancelled", values: { ...confirmed().values, refund: 24000, feeKept: 5900 } }));
    expect(en.email?.text).toContain("Refund: £240.00 (a £59.00 cancellation fee was kept)");
    expect(en.sms?.text).toContain("Refund: £240.00 (a £59.00 cancellation fee was kept).");
    const de = renderMessage(confirmed({ carrier: flickwerk, kind: "booking-cancelled", locale: "de", values: { ...confirmed().values, refund: 20000, feeKept: 9900 } }));
    expect(de.email?.text).toContain("Erstattung: 200 € (eine Stornogebühr von 99 € wurde einbehalten)");
    expect(de.sms?.text).toContain("Erstattung: 200 € (eine Stornogebühr von 99 € wurde einbehalten).");
    const none = renderMessage(confirmed({ kind: "booking-cancelled", values: { ...confirmed().values, refund: 29900, feeKept: 0 } }));
    expect(none.email?.text).toContain("Refund: £299.00\n");
    expect(none.email?.text).not.toContain("fee");
  });

  it("shows the waiting-list hold in the carrier's time zone", () => {
    const { sms } = renderMessage({
      carrier: flickwerk,
      kind: "waiting-list-offer",
      locale: "de",
      values: { date: "2026-12-01", window: { start: "13:00", end: "17:00" }, offerUrl: "https://werk.example/offer/abc", holdUntil: new Date("2026-11-30T13:30:00Z") },
      to: { phone: "+4930901820" },
    });
    expect(sms?.text).toBe(
      "Werkstatt: Am Dienstag, 1. Dezember 2026, 13:00-17:00, ist ein Reparaturtermin frei. Für Sie reserviert bis Montag, 30. November um 14:30: https://werk.example/offer/abc",
    );
  });
});

describe("the rendered e-mail in the outbox", () => {
  it("is a MIME message a mail parser reads with its HTML part, plain-text part and inline logo", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "render-outbox-"));
    try {
      const notifications = withSenders(createOutboxSenders({ dir }), sendersFromEnv({}, OUTBOX_SENDER));
      const { email } = renderMessage(confirmed({ sentAt: new Date("2026-11-24T18:00:00Z") }));
      const receipt = await notifications.email.sendEmail(email!);
      const mail = await simpleParser(await readFile(path.join(dir, receipt.messageId)));
      expect(mail.subject).toBe("Your Acme Repairs repair is booked: RB7K2M9Q");
      expect(mail.date?.toISOString()).toBe("2026-11-24T18:00:00.000Z");
      expect(mail.text).toContain("Amount: £129.99");
      expect(mail.html).toContain("1 High Street<br>London<br>SW1A 1AA");
      expect(mail.html).toContain('src="cid:logo"');
      expect(mail.attachments.find((attachment) => attachment.contentId === "<logo>")?.content.toString("utf8")).toBe(logoSvg);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the mail-in confirmation (ADR 140)", () => {
  const postal = "Acme Repair Centre\nUnit 4, Example Park\nLeeds LS10 1AA";
  const mailIn = (locale: "en" | "de"): RenderMessageInput => {
    const { date: _date, window: _window, trackingUrl: _tracking, ...values } = confirmed().values;
    return { ...confirmed(), carrier: { ...acme, mailInAddress: postal }, kind: "mail-in-confirmed", locale, values };
  };

  it("says where to post the device, with the order reference, and where it comes back to", () => {
    const { email, sms } = renderMessage(mailIn("en"));
    expect(email?.subject).toBe("Your Acme Repairs repair by post is booked: RB7K2M9Q");
    expect(email?.text).toContain("Please send your device to:\nAcme Repair Centre\nUnit 4, Example Park\nLeeds LS10 1AA");
    expect(email?.text).toContain("Write your order reference RB7K2M9Q on the parcel");
    expect(email?.text).toContain("We send the repaired device back to:\n1 High Street\nLondon\nSW1A 1AA");
    expect(email?.html).toContain("Acme Repair Centre<br>Unit 4, Example Park<br>Leeds LS10 1AA");
    expect(email?.text).not.toContain("technician");
    expect(email?.calendar).toBeUndefined();
    expect(sms?.text).toContain("repair by post RB7K2M9Q is booked");
  });

  it("is written in German for a German booking", () => {
    const { email } = renderMessage(mailIn("de"));
    expect(email?.subject).toBe("Ihre Reparatur per Post bei Acme Repairs ist gebucht: RB7K2M9Q");
    expect(email?.text).toContain("Bitte senden Sie Ihr Gerät an:\nAcme Repair Centre");
  });
});
