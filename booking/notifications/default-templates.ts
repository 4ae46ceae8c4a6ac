/**
 * The standard text of every customer message, in English and German: sent when the carrier's CMS
 * has no template for the message and language, or leaves a field empty (issue 10). The demo
 * carriers' seeded templates (tenants/_shared) start from these. Syntax as in the CMS: paragraphs
 * split by a blank line, `[label]({{url}})` for a link; a line whose placeholders are all empty is
 * left out (no "Order reference:" without a reference).
 */
import type { CustomerMessageKind } from "./template-kinds";

export interface TemplateText {
  subject: string;
  emailBody: string;
  smsText: string;
}

const manage = (label: string) => `[${label}]({{manageUrl}})`;

const en: Record<CustomerMessageKind, TemplateText> = {
  "booking-confirmed": {
    subject: "Your {{brand}} repair is booked: {{orderRef}}",
    emailBody: `Thank you for booking your repair with {{brand}}.

Order reference: {{orderRef}}
Devices: {{devices}}
Amount: {{amount}}

Your technician comes on {{date}}, {{window}}, to:
{{address}}

${manage("Manage your booking")}
[Track your technician]({{trackingUrl}})`,
    smsText: "{{brand}}: repair {{orderRef}} is booked for {{date}}, {{window}}. Manage it: {{manageUrl}}",
  },
  "evening-before": {
    subject: "Tomorrow: your {{brand}} repair {{orderRef}}",
    emailBody: `Your technician comes tomorrow, {{date}}, {{window}}, to:
{{address}}

Devices: {{devices}}
Order reference: {{orderRef}}

Please have your device charged and backed up, and its passcode to hand.

${manage("Manage your booking")}`,
    smsText: "{{brand}}: your technician comes tomorrow, {{date}}, {{window}}. Order {{orderRef}}. Manage it: {{manageUrl}}",
  },
  "morning-of": {
    subject: "Today: your {{brand}} technician arrives {{window}}",
    emailBody: `Your technician arrives today, {{window}}, at:
{{address}}

Order reference: {{orderRef}}

[Track your technician]({{trackingUrl}})`,
    smsText: "{{brand}}: your technician arrives today, {{window}}. Track: {{trackingUrl}}",
  },
  "booking-cancelled": {
    subject: "Your {{brand}} repair {{orderRef}} is cancelled",
    emailBody: `Your repair on {{date}} is cancelled.

Order reference: {{orderRef}}
Devices: {{devices}}
Refund: {{refund}}

The refund goes back to the card or account you paid with.`,
    smsText: "{{brand}}: repair {{orderRef}} on {{date}} is cancelled. Refund: {{refund}}.",
  },
  "date-changed": {
    subject: "New date for your {{brand}} repair {{orderRef}}",
    emailBody: `Your repair has moved to {{date}}, {{window}}, at:
{{address}}

Order reference: {{orderRef}}

${manage("Manage your booking")}`,
    smsText: "{{brand}}: repair {{orderRef}} has moved to {{date}}, {{window}}. Manage it: {{manageUrl}}",
  },
  "address-changed": {
    subject: "New address for your {{brand}} repair {{orderRef}}",
    emailBody: `Your technician now comes to:
{{address}}

Date: {{date}}, {{window}}
Order reference: {{orderRef}}

${manage("Manage your booking")}`,
    smsText: "{{brand}}: the address of repair {{orderRef}} is changed. {{date}}, {{window}}. Manage it: {{manageUrl}}",
  },
  "imei-accepted": {
    subject: "IMEI received for your {{brand}} repair {{orderRef}}",
    emailBody: `Thank you: we have the IMEI of your device, and repair {{orderRef}} goes ahead as booked.

Devices: {{devices}}

${manage("Manage your booking")}`,
    smsText: "{{brand}}: thank you, the IMEI for repair {{orderRef}} is accepted.",
  },
  "proof-accepted": {
    subject: "Proof of purchase received for your {{brand}} repair {{orderRef}}",
    emailBody: `Thank you: your proof of purchase is accepted, and repair {{orderRef}} goes ahead as booked.

Devices: {{devices}}

${manage("Manage your booking")}`,
    smsText: "{{brand}}: thank you, the proof of purchase for repair {{orderRef}} is accepted.",
  },
  "contact-received": {
    subject: "We have your message – {{brand}}",
    emailBody: `Thank you for contacting {{brand}}. We have your message and answer within 48 hours.

Order reference: {{orderRef}}`,
    smsText: "{{brand}}: we have your message and answer within 48 hours.",
  },
  "call-back-requested": {
    subject: "Your call-back request – {{brand}}",
    emailBody: `Thank you: we call you back on {{date}}, {{window}}.

Order reference: {{orderRef}}`,
    smsText: "{{brand}}: we call you back on {{date}}, {{window}}.",
  },
  "waiting-list-offer": {
    subject: "A repair date is free: {{date}} – {{brand}}",
    emailBody: `Good news: a repair slot is free on {{date}}, {{window}}, at:
{{address}}

We hold it for you until {{holdUntil}}.

[Book this date]({{offerUrl}})

If you do not take it, we offer it to the next customer waiting.`,
    smsText: "{{brand}}: a repair slot is free on {{date}}, {{window}}. Held for you until {{holdUntil}}: {{offerUrl}}",
  },
  "booking-handed-over": {
    subject: "Confirm your repair booking – {{brand}}",
    emailBody: `Your repair booking has been prepared for you:
{{devices}}
on {{date}}, at:
{{address}}

To confirm it, open Confirm booking and enter your booking code {{bookingCode}}.

[Confirm booking]({{confirmUrl}})

The code works once, until {{holdUntil}}. If it has run out, ask us for a new one.`,
    smsText: "{{brand}}: your booking code is {{bookingCode}}. Confirm your repair booking by {{holdUntil}}: {{confirmUrl}}",
  },
  "mail-in-confirmed": {
    subject: "Your {{brand}} repair by post is booked: {{orderRef}}",
    emailBody: `Thank you for booking your repair by post with {{brand}}.

Order reference: {{orderRef}}
Devices: {{devices}}
Amount: {{amount}}

Please send your device to:
{{mailInAddress}}

Write your order reference {{orderRef}} on the parcel, or print the label from your booking page. Back up your device, remove its SIM and memory cards, turn off its lock and pack it well.

We send the repaired device back to:
{{address}}

[Print your label and manage your booking]({{manageUrl}})`,
    smsText: "{{brand}}: repair by post {{orderRef}} is booked. Send your device with the order reference to the address in your e-mail. Label: {{manageUrl}}",
  },
  "order-refunded": {
    subject: "Your {{brand}} repair {{orderRef}} is refunded",
    emailBody: `We have refunded your repair in full: {{refund}}.

Order reference: {{orderRef}}
Devices: {{devices}}
Refund: {{refund}}

Your booking for {{date}} is closed: no technician will visit. The refund goes back to the card or account you paid with.

[See your booking]({{manageUrl}})`,
    smsText: "{{brand}}: repair {{orderRef}} is refunded in full ({{refund}}). Your booking is closed; no technician will visit.",
  },
  "order-partly-refunded": {
    subject: "Part of your {{brand}} repair {{orderRef}} is refunded",
    emailBody: `We have refunded {{refund}} of the {{amount}} you paid.

Order reference: {{orderRef}}
Devices: {{devices}}
Refund: {{refund}}

Your repair stays booked: {{date}}, {{window}}, at:
{{address}}

The refund goes back to the card or account you paid with.

[Manage your booking]({{manageUrl}})`,
    smsText: "{{brand}}: we have refunded {{refund}} for repair {{orderRef}}. It stays booked for {{date}}, {{window}}. Manage it: {{manageUrl}}",
  },
};

const de: Record<CustomerMessageKind, TemplateText> = {
  "booking-confirmed": {
    subject: "Ihre Reparatur bei {{brand}} ist gebucht: {{orderRef}}",
    emailBody: `Vielen Dank, dass Sie Ihre Reparatur bei {{brand}} gebucht haben.

Auftragsnummer: {{orderRef}}
Geräte: {{devices}}
Betrag: {{amount}}

Ihr Techniker kommt am {{date}}, {{window}}, zu:
{{address}}

${manage("Buchung verwalten")}
[Techniker verfolgen]({{trackingUrl}})`,
    smsText: "{{brand}}: Reparatur {{orderRef}} ist gebucht für {{date}}, {{window}}. Verwalten: {{manageUrl}}",
  },
  "evening-before": {
    subject: "Morgen: Ihre Reparatur {{orderRef}} bei {{brand}}",
    emailBody: `Ihr Techniker kommt morgen, {{date}}, {{window}}, zu:
{{address}}

Geräte: {{devices}}
Auftragsnummer: {{orderRef}}

Bitte laden Sie Ihr Gerät auf, sichern Sie Ihre Daten und halten Sie den Code zum Entsperren bereit.

${manage("Buchung verwalten")}`,
    smsText: "{{brand}}: Ihr Techniker kommt morgen, {{date}}, {{window}}. Auftrag {{orderRef}}. Verwalten: {{manageUrl}}",
  },
  "morning-of": {
    subject: "Heute: Ihr Techniker von {{brand}} kommt {{window}}",
    emailBody: `Ihr Techniker kommt heute, {{window}}, zu:
{{address}}

Auftragsnummer: {{orderRef}}

[Techniker verfolgen]({{trackingUrl}})`,
    smsText: "{{brand}}: Ihr Techniker kommt heute, {{window}}. Verfolgen: {{trackingUrl}}",
  },
  "booking-cancelled": {
    subject: "Ihre Reparatur {{orderRef}} bei {{brand}} ist storniert",
    emailBody: `Ihre Reparatur am {{date}} ist storniert.

Auftragsnummer: {{orderRef}}
Geräte: {{devices}}
Erstattung: {{refund}}

Die Erstattung geht auf die Karte oder das Konto, mit dem Sie bezahlt haben.`,
    smsText: "{{brand}}: Reparatur {{orderRef}} am {{date}} ist storniert. Erstattung: {{refund}}.",
  },
  "date-changed": {
    subject: "Neuer Termin für Ihre Reparatur {{orderRef}} bei {{brand}}",
    emailBody: `Ihre Reparatur ist verschoben auf {{date}}, {{window}}, bei:
{{address}}

Auftragsnummer: {{orderRef}}

${manage("Buchung verwalten")}`,
    smsText: "{{brand}}: Reparatur {{orderRef}} ist verschoben auf {{date}}, {{window}}. Verwalten: {{manageUrl}}",
  },
  "address-changed": {
    subject: "Neue Adresse für Ihre Reparatur {{orderRef}} bei {{brand}}",
    emailBody: `Ihr Techniker kommt jetzt zu:
{{address}}

Termin: {{date}}, {{window}}
Auftragsnummer: {{orderRef}}

${manage("Buchung verwalten")}`,
    smsText: "{{brand}}: Die Adresse für Reparatur {{orderRef}} ist geändert. {{date}}, {{window}}. Verwalten: {{manageUrl}}",
  },
  "imei-accepted": {
    subject: "IMEI erhalten für Ihre Reparatur {{orderRef}} bei {{brand}}",
    emailBody: `Vielen Dank: Wir haben die IMEI Ihres Geräts, die Reparatur {{orderRef}} findet wie gebucht statt.

Geräte: {{devices}}

${manage("Buchung verwalten")}`,
    smsText: "{{brand}}: Vielen Dank, die IMEI für Reparatur {{orderRef}} ist angenommen.",
  },
  "proof-accepted": {
    subject: "Kaufbeleg erhalten für Ihre Reparatur {{orderRef}} bei {{brand}}",
    emailBody: `Vielen Dank: Ihr Kaufbeleg ist angenommen, die Reparatur {{orderRef}} findet wie gebucht statt.

Geräte: {{devices}}

${manage("Buchung verwalten")}`,
    smsText: "{{brand}}: Vielen Dank, der Kaufbeleg für Reparatur {{orderRef}} ist angenommen.",
  },
  "contact-received": {
    subject: "Ihre Nachricht ist angekommen – {{brand}}",
    emailBody: `Vielen Dank für Ihre Nachricht an {{brand}}. Wir antworten innerhalb von 48 Stunden.

Auftragsnummer: {{orderRef}}`,
    smsText: "{{brand}}: Ihre Nachricht ist angekommen. Wir antworten innerhalb von 48 Stunden.",
  },
  "call-back-requested": {
    subject: "Ihr Rückrufwunsch – {{brand}}",
    emailBody: `Vielen Dank: Wir rufen Sie am {{date}}, {{window}}, zurück.

Auftragsnummer: {{orderRef}}`,
    smsText: "{{brand}}: Wir rufen Sie am {{date}}, {{window}}, zurück.",
  },
  "waiting-list-offer": {
    subject: "Ein Reparaturtermin ist frei: {{date}} – {{brand}}",
    emailBody: `Gute Nachricht: Am {{date}}, {{window}}, ist ein Reparaturtermin frei, bei:
{{address}}

Wir halten ihn für Sie bis {{holdUntil}}.

[Diesen Termin buchen]({{offerUrl}})

Wenn Sie ihn nicht nehmen, bieten wir ihn dem nächsten Kunden auf der Warteliste an.`,
    smsText: "{{brand}}: Am {{date}}, {{window}}, ist ein Reparaturtermin frei. Für Sie reserviert bis {{holdUntil}}: {{offerUrl}}",
  },
  "booking-handed-over": {
    subject: "Bestätigen Sie Ihre Reparaturbuchung – {{brand}}",
    emailBody: `Ihre Reparaturbuchung ist für Sie vorbereitet:
{{devices}}
am {{date}}, bei:
{{address}}

Um sie zu bestätigen, öffnen Sie „Buchung bestätigen“ und geben Ihren Buchungscode {{bookingCode}} ein.

[Buchung bestätigen]({{confirmUrl}})

Der Code gilt einmal, bis {{holdUntil}}. Ist er abgelaufen, fragen Sie uns nach einem neuen.`,
    smsText: "{{brand}}: Ihr Buchungscode ist {{bookingCode}}. Bestätigen Sie Ihre Reparaturbuchung bis {{holdUntil}}: {{confirmUrl}}",
  },
  "mail-in-confirmed": {
    subject: "Ihre Reparatur per Post bei {{brand}} ist gebucht: {{orderRef}}",
    emailBody: `Vielen Dank für Ihre Buchung einer Reparatur per Post bei {{brand}}.

Auftragsnummer: {{orderRef}}
Geräte: {{devices}}
Betrag: {{amount}}

Bitte senden Sie Ihr Gerät an:
{{mailInAddress}}

Schreiben Sie Ihre Auftragsnummer {{orderRef}} auf das Paket oder drucken Sie das Etikett auf Ihrer Buchungsseite aus. Sichern Sie Ihre Daten, entnehmen Sie SIM- und Speicherkarten, schalten Sie die Gerätesperre aus und verpacken Sie das Gerät gut.

Wir senden das reparierte Gerät zurück an:
{{address}}

[Etikett drucken und Buchung verwalten]({{manageUrl}})`,
    smsText: "{{brand}}: Reparatur per Post {{orderRef}} ist gebucht. Senden Sie Ihr Gerät mit der Auftragsnummer an die Adresse in Ihrer E-Mail. Etikett: {{manageUrl}}",
  },
  "order-refunded": {
    subject: "Ihre Reparatur {{orderRef}} bei {{brand}} ist erstattet",
    emailBody: `Wir haben Ihre Reparatur vollständig erstattet: {{refund}}.

Auftragsnummer: {{orderRef}}
Geräte: {{devices}}
Erstattung: {{refund}}

Ihre Buchung für {{date}} ist geschlossen: Es kommt kein Techniker. Die Erstattung geht auf die Karte oder das Konto, mit dem Sie bezahlt haben.

[Buchung ansehen]({{manageUrl}})`,
    smsText: "{{brand}}: Reparatur {{orderRef}} ist vollständig erstattet ({{refund}}). Ihre Buchung ist geschlossen; es kommt kein Techniker.",
  },
  "order-partly-refunded": {
    subject: "Teilerstattung für Ihre Reparatur {{orderRef}} bei {{brand}}",
    emailBody: `Wir haben {{refund}} der gezahlten {{amount}} erstattet.

Auftragsnummer: {{orderRef}}
Geräte: {{devices}}
Erstattung: {{refund}}

Ihre Reparatur bleibt gebucht: {{date}}, {{window}}, bei:
{{address}}

Die Erstattung geht auf die Karte oder das Konto, mit dem Sie bezahlt haben.

[Buchung verwalten]({{manageUrl}})`,
    smsText: "{{brand}}: Wir haben {{refund}} für Reparatur {{orderRef}} erstattet. Sie bleibt gebucht: {{date}}, {{window}}. Verwalten: {{manageUrl}}",
  },
};

export const DEFAULT_TEMPLATES: Readonly<Record<"en" | "de", Record<CustomerMessageKind, TemplateText>>> = { en, de };
