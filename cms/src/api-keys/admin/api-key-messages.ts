/**
 * The API key panel's and scopes field's texts (ADR 183), English as the default messages and
 * German for the admin's `de` locale. Ids are prefixed `ops-api-key.`.
 */
export const API_KEY_MESSAGES = {
  'ops-api-key.panel.title': { en: 'API key', de: 'API-Schlüssel' },
  'ops-api-key.panel.save-first': {
    en: 'Save the key first; then its secret is shown here, once.',
    de: 'Speichern Sie den Schlüssel zuerst; dann wird sein Geheimnis hier einmal angezeigt.',
  },
  'ops-api-key.panel.loading': { en: 'Loading…', de: 'Wird geladen …' },
  'ops-api-key.panel.key-id': { en: 'Key id', de: 'Schlüssel-ID' },
  'ops-api-key.panel.show-secret': { en: 'Show the key (once)', de: 'Schlüssel anzeigen (einmalig)' },
  'ops-api-key.panel.not-issued': {
    en: 'The key has not been shown yet. Show it when you can pass it on to the partner: it is shown once and stored only as a hash.',
    de: 'Der Schlüssel wurde noch nicht angezeigt. Zeigen Sie ihn an, wenn Sie ihn an den Partner weitergeben können: Er wird einmal angezeigt und nur als Hash gespeichert.',
  },
  'ops-api-key.panel.secret': { en: 'The key', de: 'Der Schlüssel' },
  'ops-api-key.panel.once': {
    en: 'Copy it now: you will not see this again. A lost key cannot be recovered, only rotated or revoked.',
    de: 'Kopieren Sie ihn jetzt: Sie sehen ihn nie wieder. Ein verlorener Schlüssel lässt sich nicht wiederherstellen, nur erneuern oder sperren.',
  },
  'ops-api-key.panel.copy': { en: 'Copy', de: 'Kopieren' },
  'ops-api-key.panel.copied': { en: 'Key copied', de: 'Schlüssel kopiert' },
  'ops-api-key.panel.issued-at': { en: 'Shown once on {date}; it cannot be shown again.', de: 'Einmal angezeigt am {date}; er kann nicht erneut angezeigt werden.' },
  'ops-api-key.panel.created': { en: 'Created', de: 'Erstellt' },
  'ops-api-key.panel.expires': { en: 'Expires', de: 'Läuft ab' },
  'ops-api-key.panel.never': { en: 'never', de: 'nie' },
  'ops-api-key.panel.revoked': { en: 'Revoked', de: 'Gesperrt' },
  'ops-api-key.panel.active': { en: 'Active', de: 'Aktiv' },
  'ops-api-key.panel.expired': { en: 'Expired', de: 'Abgelaufen' },
  'ops-api-key.panel.status': { en: 'Status', de: 'Status' },
  'ops-api-key.panel.last-used': { en: 'Last used', de: 'Zuletzt benutzt' },
  'ops-api-key.panel.never-used': { en: 'not used yet', de: 'noch nicht benutzt' },
  'ops-api-key.panel.not-synced': {
    en: 'The app has not taken this key yet; it does within seconds of a save.',
    de: 'Die App hat diesen Schlüssel noch nicht übernommen; das geschieht wenige Sekunden nach dem Speichern.',
  },
  'ops-api-key.panel.app-down': { en: 'The app did not answer: last use unknown for now.', de: 'Die App hat nicht geantwortet: letzte Nutzung derzeit unbekannt.' },
  'ops-api-key.panel.refresh': { en: 'Refresh', de: 'Aktualisieren' },
  'ops-api-key.panel.rotate': { en: 'Rotate', de: 'Erneuern' },
  'ops-api-key.panel.overlap': { en: 'Old key keeps working for (hours)', de: 'Alter Schlüssel gilt noch (Stunden)' },
  'ops-api-key.panel.rotated': {
    en: 'New key created: this is its key. The old key stops at {date}.',
    de: 'Neuer Schlüssel erstellt: Das ist sein Schlüssel. Der alte Schlüssel endet am {date}.',
  },
  'ops-api-key.panel.open-new': { en: 'Open the new key', de: 'Neuen Schlüssel öffnen' },
  'ops-api-key.panel.failed': { en: 'That did not work: {message}', de: 'Das hat nicht geklappt: {message}' },
  'ops-api-key.scopes.label': { en: 'Scopes', de: 'Berechtigungen' },
  'ops-api-key.scopes.description': { en: 'What the key may do', de: 'Was der Schlüssel darf' },
} as const;

export type ApiKeyMessageId = keyof typeof API_KEY_MESSAGES;

/** The messages of one locale, for the admin's `config.translations`. */
export const apiKeyTranslations = (locale: 'en' | 'de'): Record<string, string> => Object.fromEntries(Object.entries(API_KEY_MESSAGES).map(([id, texts]) => [id, texts[locale]]));
