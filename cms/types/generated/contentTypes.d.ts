import type { Schema, Struct } from "@strapi/strapi";

export interface AdminApiToken extends Struct.CollectionTypeSchema {
  collectionName: "strapi_api_tokens";
  info: {
    description: "";
    displayName: "Api Token";
    name: "Api Token";
    pluralName: "api-tokens";
    singularName: "api-token";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    accessKey: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    adminPermissions: Schema.Attribute.Relation<"oneToMany", "admin::permission">;
    adminUserOwner: Schema.Attribute.Relation<"manyToOne", "admin::user">;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    description: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }> &
      Schema.Attribute.DefaultTo<"">;
    encryptedKey: Schema.Attribute.Text &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    expiresAt: Schema.Attribute.DateTime;
    kind: Schema.Attribute.Enumeration<["content-api", "admin"]> & Schema.Attribute.Required & Schema.Attribute.DefaultTo<"content-api">;
    lastUsedAt: Schema.Attribute.DateTime;
    lifespan: Schema.Attribute.BigInteger;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::api-token"> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    permissions: Schema.Attribute.Relation<"oneToMany", "admin::api-token-permission">;
    publishedAt: Schema.Attribute.DateTime;
    type: Schema.Attribute.Enumeration<["read-only", "full-access", "custom"]> & Schema.Attribute.DefaultTo<"read-only">;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface AdminApiTokenPermission extends Struct.CollectionTypeSchema {
  collectionName: "strapi_api_token_permissions";
  info: {
    description: "";
    displayName: "API Token Permission";
    name: "API Token Permission";
    pluralName: "api-token-permissions";
    singularName: "api-token-permission";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    action: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::api-token-permission"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    token: Schema.Attribute.Relation<"manyToOne", "admin::api-token">;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface AdminPermission extends Struct.CollectionTypeSchema {
  collectionName: "admin_permissions";
  info: {
    description: "";
    displayName: "Permission";
    name: "Permission";
    pluralName: "permissions";
    singularName: "permission";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    action: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    actionParameters: Schema.Attribute.JSON & Schema.Attribute.DefaultTo<{}>;
    apiToken: Schema.Attribute.Relation<"manyToOne", "admin::api-token">;
    conditions: Schema.Attribute.JSON & Schema.Attribute.DefaultTo<[]>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::permission"> & Schema.Attribute.Private;
    properties: Schema.Attribute.JSON & Schema.Attribute.DefaultTo<{}>;
    publishedAt: Schema.Attribute.DateTime;
    role: Schema.Attribute.Relation<"manyToOne", "admin::role">;
    subject: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface AdminRole extends Struct.CollectionTypeSchema {
  collectionName: "admin_roles";
  info: {
    description: "";
    displayName: "Role";
    name: "Role";
    pluralName: "roles";
    singularName: "role";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    description: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::role"> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    permissions: Schema.Attribute.Relation<"oneToMany", "admin::permission">;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    users: Schema.Attribute.Relation<"manyToMany", "admin::user">;
  };
}

export interface AdminSession extends Struct.CollectionTypeSchema {
  collectionName: "strapi_sessions";
  info: {
    description: "Session Manager storage";
    displayName: "Session";
    name: "Session";
    pluralName: "sessions";
    singularName: "session";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
    i18n: {
      localized: false;
    };
  };
  attributes: {
    absoluteExpiresAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    childId: Schema.Attribute.String & Schema.Attribute.Private;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    deviceId: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
    expiresAt: Schema.Attribute.DateTime & Schema.Attribute.Required & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::session"> & Schema.Attribute.Private;
    metadata: Schema.Attribute.JSON & Schema.Attribute.Private;
    origin: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    sessionId: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private & Schema.Attribute.Unique;
    status: Schema.Attribute.String & Schema.Attribute.Private;
    type: Schema.Attribute.String & Schema.Attribute.Private;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    userId: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
  };
}

export interface AdminTransferToken extends Struct.CollectionTypeSchema {
  collectionName: "strapi_transfer_tokens";
  info: {
    description: "";
    displayName: "Transfer Token";
    name: "Transfer Token";
    pluralName: "transfer-tokens";
    singularName: "transfer-token";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    accessKey: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    description: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }> &
      Schema.Attribute.DefaultTo<"">;
    expiresAt: Schema.Attribute.DateTime;
    lastUsedAt: Schema.Attribute.DateTime;
    lifespan: Schema.Attribute.BigInteger;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::transfer-token"> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    permissions: Schema.Attribute.Relation<"oneToMany", "admin::transfer-token-permission">;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface AdminTransferTokenPermission extends Struct.CollectionTypeSchema {
  collectionName: "strapi_transfer_token_permissions";
  info: {
    description: "";
    displayName: "Transfer Token Permission";
    name: "Transfer Token Permission";
    pluralName: "transfer-token-permissions";
    singularName: "transfer-token-permission";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    action: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::transfer-token-permission"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    token: Schema.Attribute.Relation<"manyToOne", "admin::transfer-token">;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface AdminUser extends Struct.CollectionTypeSchema {
  collectionName: "admin_users";
  info: {
    description: "";
    displayName: "User";
    name: "User";
    pluralName: "users";
    singularName: "user";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    apiTokens: Schema.Attribute.Relation<"oneToMany", "admin::api-token"> & Schema.Attribute.Private;
    blocked: Schema.Attribute.Boolean & Schema.Attribute.Private & Schema.Attribute.DefaultTo<false>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    email: Schema.Attribute.Email &
      Schema.Attribute.Required &
      Schema.Attribute.Private &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 6;
      }>;
    firstname: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    isActive: Schema.Attribute.Boolean & Schema.Attribute.Private & Schema.Attribute.DefaultTo<false>;
    lastname: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "admin::user"> & Schema.Attribute.Private;
    password: Schema.Attribute.Password &
      Schema.Attribute.Private &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 6;
      }>;
    preferedLanguage: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    registrationToken: Schema.Attribute.String & Schema.Attribute.Private;
    resetPasswordToken: Schema.Attribute.String & Schema.Attribute.Private;
    resetPasswordTokenExpiresAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    roles: Schema.Attribute.Relation<"manyToMany", "admin::role"> & Schema.Attribute.Private;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    username: Schema.Attribute.String;
  };
}

export interface ApiCarrierCarrier extends Struct.CollectionTypeSchema {
  collectionName: "carriers";
  info: {
    description: "A tenant: branding, contact, money, payment and feature switches";
    displayName: "Carrier";
    pluralName: "carriers";
    singularName: "carrier";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    additionalLandingPage: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    additionalLandingPageLimit: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      > &
      Schema.Attribute.DefaultTo<7>;
    address: Schema.Attribute.Text;
    addressLookup: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    allowsInStoreBookings: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    allowsInStoreDropOff: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    allowWarrantyRepairs: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    applianceVariant: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    businessAccounts: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    callOutCharge: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    code: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    confirmOnly: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    countryCode: Schema.Attribute.Enumeration<["GB", "DE", "AU", "US", "CA"]>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    currency: Schema.Attribute.Enumeration<["GBP", "EUR", "AUD", "USD", "CAD"]>;
    defaultLocale: Schema.Attribute.Enumeration<["en", "de"]> & Schema.Attribute.DefaultTo<"en">;
    domains: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-domains">;
    draftRetentionDays: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 365;
          min: 1;
        },
        number
      > &
      Schema.Attribute.DefaultTo<30>;
    editors: Schema.Attribute.Relation<"manyToMany", "admin::user"> & Schema.Attribute.Private;
    email: Schema.Attribute.String;
    externalLandingRedirectUrl: Schema.Attribute.String;
    externalSupportPickerUrl: Schema.Attribute.String;
    fleetDaysPerWeek: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 7;
          min: 1;
        },
        number
      > &
      Schema.Attribute.DefaultTo<7>;
    formattedName: Schema.Attribute.String;
    formattedWeb: Schema.Attribute.String;
    hasCallOutCharge: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    hidePostcodeSearchOnAddressChange: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    icons: Schema.Attribute.Component<"carrier.icon", true>;
    inWarrantyStatus: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    isInternational: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    lateDateChanges: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    liveChat: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    liveChatUrl: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::carrier.carrier"> & Schema.Attribute.Private;
    mailInAddress: Schema.Attribute.Text &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 500;
      }>;
    maintenance: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    maxDevicesPerBasket: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      > &
      Schema.Attribute.DefaultTo<5>;
    name: Schema.Attribute.String;
    offersMailIn: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    operatorName: Schema.Attribute.String;
    operators: Schema.Attribute.Relation<"manyToMany", "admin::user"> & Schema.Attribute.Private;
    partnerEnvironment: Schema.Attribute.String;
    payButtonVariant: Schema.Attribute.Enumeration<["pay", "complete-and-confirm"]> & Schema.Attribute.DefaultTo<"pay">;
    phone: Schema.Attribute.String;
    policyPhrase: Schema.Attribute.Enumeration<["country", "on", "off"]> & Schema.Attribute.Required & Schema.Attribute.DefaultTo<"country">;
    publishedAt: Schema.Attribute.DateTime;
    referrerMakes: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-referrer-makes">;
    registrationDetails: Schema.Attribute.Text;
    showImprint: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    singleMakeId: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<2>;
    singleMakeOnly: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    storeRequired: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    supportedLocales: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-locales">;
    theme: Schema.Attribute.Component<"carrier.theme", false>;
    timezone: Schema.Attribute.String & Schema.Attribute.DefaultTo<"Europe/London">;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    use3DSecure: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    usesKlarna: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    warrantyRepairCharge: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    warrantyRepairChargeable: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    web: Schema.Attribute.String;
  };
}

export interface ApiCatalogueDeviceTypeCatalogueDeviceType extends Struct.CollectionTypeSchema {
  collectionName: "catalogue_device_types";
  info: {
    description: "A device type (phones and tablets, appliances)";
    displayName: "Catalogue: device type";
    pluralName: "catalogue-device-types";
    singularName: "catalogue-device-type";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-device-type.catalogue-device-type"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    titleDe: Schema.Attribute.String & Schema.Attribute.Required;
    titleEn: Schema.Attribute.String & Schema.Attribute.Required;
    typeId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiCatalogueExtraCatalogueExtra extends Struct.CollectionTypeSchema {
  collectionName: "catalogue_extras";
  info: {
    description: "An add-on sold with a repair (screen protector, ...)";
    displayName: "Catalogue: extra";
    pluralName: "catalogue-extras";
    singularName: "catalogue-extra";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    descriptionDe: Schema.Attribute.Text & Schema.Attribute.Required;
    descriptionEn: Schema.Attribute.Text & Schema.Attribute.Required;
    deviceTypes: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-device-types">;
    extraId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-extra.catalogue-extra"> & Schema.Attribute.Private;
    prices: Schema.Attribute.Component<"catalogue.amount", true> &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    publishedAt: Schema.Attribute.DateTime;
    titleDe: Schema.Attribute.String & Schema.Attribute.Required;
    titleEn: Schema.Attribute.String & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiCatalogueMakeCatalogueMake extends Struct.CollectionTypeSchema {
  collectionName: "catalogue_makes";
  info: {
    description: "A manufacturer";
    displayName: "Catalogue: make";
    pluralName: "catalogue-makes";
    singularName: "catalogue-make";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-make.catalogue-make"> & Schema.Attribute.Private;
    makeId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    publishedAt: Schema.Attribute.DateTime;
    typeId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiCatalogueModelCatalogueModel extends Struct.CollectionTypeSchema {
  collectionName: "catalogue_models";
  info: {
    description: "A device model with its versions, colours and bookable problems";
    displayName: "Catalogue: model";
    pluralName: "catalogue-models";
    singularName: "catalogue-model";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    batteryRequiredForScreenRepair: Schema.Attribute.Boolean & Schema.Attribute.Required & Schema.Attribute.DefaultTo<false>;
    colours: Schema.Attribute.Component<"catalogue.colour", true>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    deviceType: Schema.Attribute.Enumeration<["phone", "tablet", "appliance"]> & Schema.Attribute.Required;
    imagePath: Schema.Attribute.String & Schema.Attribute.Required;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-model.catalogue-model"> & Schema.Attribute.Private;
    makeIds: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-make-ids">;
    modelId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    picture: Schema.Attribute.Media<"images">;
    priority: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      > &
      Schema.Attribute.DefaultTo<0>;
    problems: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-catalogue-codes">;
    publishedAt: Schema.Attribute.DateTime;
    releaseYear: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 2100;
          min: 2000;
        },
        number
      >;
    slug: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    title: Schema.Attribute.String & Schema.Attribute.Required;
    typeId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    versions: Schema.Attribute.Component<"catalogue.version", true> &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
  };
}

export interface ApiCataloguePriceCataloguePrice extends Struct.CollectionTypeSchema {
  collectionName: "catalogue_prices";
  info: {
    description: "The default price of one problem on one model, in every currency";
    displayName: "Catalogue: price";
    pluralName: "catalogue-prices";
    singularName: "catalogue-price";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    amounts: Schema.Attribute.Component<"catalogue.amount", true> &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-price.catalogue-price"> & Schema.Attribute.Private;
    model: Schema.Attribute.String & Schema.Attribute.Required;
    problem: Schema.Attribute.String & Schema.Attribute.Required;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiCatalogueProblemCatalogueProblem extends Struct.CollectionTypeSchema {
  collectionName: "catalogue_problems";
  info: {
    description: "A repair (problem) customers can book";
    displayName: "Catalogue: problem";
    pluralName: "catalogue-problems";
    singularName: "catalogue-problem";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    descriptionDe: Schema.Attribute.Text & Schema.Attribute.Required;
    descriptionEn: Schema.Attribute.Text & Schema.Attribute.Required;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-problem.catalogue-problem"> & Schema.Attribute.Private;
    order: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      > &
      Schema.Attribute.DefaultTo<0>;
    problemId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    publishedAt: Schema.Attribute.DateTime;
    symptoms: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-symptoms">;
    titleDe: Schema.Attribute.String & Schema.Attribute.Required;
    titleEn: Schema.Attribute.String & Schema.Attribute.Required;
    typeId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiCatalogueSettingCatalogueSetting extends Struct.SingleTypeSchema {
  collectionName: "catalogue_settings";
  info: {
    description: "Catalogue-wide settings: the title of the running sale, the IRIS repair codes";
    displayName: "Catalogue: settings";
    pluralName: "catalogue-settings";
    singularName: "catalogue-setting";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    irisCodes: Schema.Attribute.Component<"catalogue.iris-code", true>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-setting.catalogue-setting"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    saleTitleDe: Schema.Attribute.String;
    saleTitleEn: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiCatalogueTriageQuestionCatalogueTriageQuestion extends Struct.CollectionTypeSchema {
  collectionName: "catalogue_triage_questions";
  info: {
    description: "A question asked before an appliance repair";
    displayName: "Catalogue: triage question";
    pluralName: "catalogue-triage-questions";
    singularName: "catalogue-triage-question";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    answerRequired: Schema.Attribute.Boolean & Schema.Attribute.Required & Schema.Attribute.DefaultTo<true>;
    code: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::catalogue-triage-question.catalogue-triage-question"> & Schema.Attribute.Private;
    models: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-catalogue-codes">;
    options: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-triage-options">;
    publishedAt: Schema.Attribute.DateTime;
    questionDe: Schema.Attribute.Text & Schema.Attribute.Required;
    questionEn: Schema.Attribute.Text & Schema.Attribute.Required;
    questionId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiContactReasonContactReason extends Struct.CollectionTypeSchema {
  collectionName: "contact_reasons";
  info: {
    description: "A reason offered in the contact form";
    displayName: "Contact reason";
    pluralName: "contact-reasons";
    singularName: "contact-reason";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::contact-reason.contact-reason">;
    order: Schema.Attribute.Integer &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }> &
      Schema.Attribute.DefaultTo<0>;
    publishedAt: Schema.Attribute.DateTime;
    reasonId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiFaqCategoryFaqCategory extends Struct.CollectionTypeSchema {
  collectionName: "faq_categories";
  info: {
    description: "A FAQ sub-page";
    displayName: "FAQ category";
    pluralName: "faq-categories";
    singularName: "faq-category";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::faq-category.faq-category">;
    order: Schema.Attribute.Integer &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }> &
      Schema.Attribute.DefaultTo<0>;
    publishedAt: Schema.Attribute.DateTime;
    slug: Schema.Attribute.Enumeration<["booking", "guarantee", "location", "payments", "popular", "repair", "terms"]> &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiFaqItemFaqItem extends Struct.CollectionTypeSchema {
  collectionName: "faq_items";
  info: {
    description: "A question and its answer (paragraphs split by blank lines)";
    displayName: "FAQ item";
    pluralName: "faq-items";
    singularName: "faq-item";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    answer: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    category: Schema.Attribute.Enumeration<["booking", "guarantee", "location", "payments", "popular", "repair", "terms"]> &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::faq-item.faq-item">;
    order: Schema.Attribute.Integer &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }> &
      Schema.Attribute.DefaultTo<0>;
    publishedAt: Schema.Attribute.DateTime;
    question: Schema.Attribute.Text &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiHelpGuideHelpGuide extends Struct.CollectionTypeSchema {
  collectionName: "help_guides";
  info: {
    description: "How-to guide (cancel, change date, \u2026)";
    displayName: "Help guide";
    pluralName: "help-guides";
    singularName: "help-guide";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    intro: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    kind: Schema.Attribute.Enumeration<["steps", "options"]> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }> &
      Schema.Attribute.DefaultTo<"steps">;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::help-guide.help-guide">;
    publishedAt: Schema.Attribute.DateTime;
    slug: Schema.Attribute.Enumeration<["cancel-repair", "change-date", "change-address", "repair-cost", "track-technician"]> &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    steps: Schema.Attribute.Component<"content.title-text", true> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiLandingPageLandingPage extends Struct.CollectionTypeSchema {
  collectionName: "landing_pages";
  info: {
    description: "The landing page of a carrier, one per locale";
    displayName: "Landing page";
    pluralName: "landing-pages";
    singularName: "landing-page";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    fleetText: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    fleetTitle: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    footerCoverage: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    footerOperatedBy: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    footerParking: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    heroSubtitle: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    heroTitle: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::landing-page.landing-page">;
    popularSmartphones: Schema.Attribute.Component<"content.carousel-item", true> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    popularTablets: Schema.Attribute.Component<"content.carousel-item", true> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    popularTitle: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    publishedAt: Schema.Attribute.DateTime;
    sellingPoints: Schema.Attribute.Component<"content.title-text", true> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    steps: Schema.Attribute.Component<"content.title-text", true> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    trackingText: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    trackingTitle: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiLegalPageLegalPage extends Struct.CollectionTypeSchema {
  collectionName: "legal_pages";
  info: {
    description: 'Terms, privacy, app terms, imprint (blank lines split paragraphs, "## " starts a heading)';
    displayName: "Legal page";
    pluralName: "legal-pages";
    singularName: "legal-page";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    body: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::legal-page.legal-page">;
    publishedAt: Schema.Attribute.DateTime;
    slug: Schema.Attribute.Enumeration<["terms", "privacy", "app-terms", "imprint"]> &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiMessageTemplateMessageTemplate extends Struct.CollectionTypeSchema {
  collectionName: "message_templates";
  info: {
    description: "E-mail and SMS text of one customer message (confirmation, reminders, changes), per carrier and language";
    displayName: "Customer message";
    pluralName: "message-templates";
    singularName: "message-template";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    emailBody: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    kind: Schema.Attribute.Enumeration<
      [
        "booking-confirmed",
        "evening-before",
        "morning-of",
        "booking-cancelled",
        "date-changed",
        "address-changed",
        "imei-accepted",
        "proof-accepted",
        "contact-received",
        "call-back-requested",
        "waiting-list-offer",
        "booking-handed-over",
        "mail-in-confirmed",
        "order-refunded",
        "order-partly-refunded",
      ]
    > &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::message-template.message-template">;
    publishedAt: Schema.Attribute.DateTime;
    smsText: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 612;
      }>;
    subject: Schema.Attribute.String &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 200;
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiOpsApiKeyOpsApiKey extends Struct.CollectionTypeSchema {
  collectionName: "ops_api_keys";
  info: {
    description: "A partner's key to the carrier's /api/v4 (issue 23, ADR 182): the secret is shown once after creation and kept only as a SHA-256";
    displayName: "Ops: API key";
    pluralName: "ops-api-keys";
    singularName: "ops-api-key";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    allowedOrigins: Schema.Attribute.Component<"ops.allowed-origin", true> &
      Schema.Attribute.SetMinMax<
        {
          max: 20;
        },
        number
      >;
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    expiresAt: Schema.Attribute.DateTime;
    keyId: Schema.Attribute.String & Schema.Attribute.Unique;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-api-key.ops-api-key"> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 120;
      }>;
    publishedAt: Schema.Attribute.DateTime;
    revoked: Schema.Attribute.Boolean & Schema.Attribute.Required & Schema.Attribute.DefaultTo<false>;
    rotatedFrom: Schema.Attribute.String;
    scopes: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::api-key-scopes">;
    secretHash: Schema.Attribute.String & Schema.Attribute.Private;
    secretIssuedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiOpsDiscountCodeOpsDiscountCode extends Struct.CollectionTypeSchema {
  collectionName: "ops_discount_codes";
  info: {
    description: "A promo code of the carrier: a fixed amount or a percentage, with a validity window and usage limit";
    displayName: "Ops: discount code";
    pluralName: "ops-discount-codes";
    singularName: "ops-discount-code";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    code: Schema.Attribute.String & Schema.Attribute.Required;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    expiresAt: Schema.Attribute.DateTime;
    kind: Schema.Attribute.Enumeration<["percent", "fixed"]> & Schema.Attribute.Required;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-discount-code.ops-discount-code"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    singleUse: Schema.Attribute.Boolean & Schema.Attribute.Required & Schema.Attribute.DefaultTo<false>;
    startsAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    usageLimit: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    value: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
  };
}

export interface ApiOpsOfferingOpsOffering extends Struct.CollectionTypeSchema {
  collectionName: "ops_offerings";
  info: {
    description: "What of the catalogue the carrier does not offer (one per carrier; empty lists = everything)";
    displayName: "Ops: offering";
    pluralName: "ops-offerings";
    singularName: "ops-offering";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    excludedMakes: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-catalogue-exclusions">;
    excludedModels: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-catalogue-exclusions">;
    excludedProblems: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-catalogue-exclusions">;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-offering.ops-offering"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiOpsPriceOverrideOpsPriceOverride extends Struct.CollectionTypeSchema {
  collectionName: "ops_price_overrides";
  info: {
    description: "The carrier's own price for one model and problem, in its currency";
    displayName: "Ops: price override";
    pluralName: "ops-price-overrides";
    singularName: "ops-price-override";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-price-override.ops-price-override"> & Schema.Attribute.Private;
    model: Schema.Attribute.String & Schema.Attribute.Required;
    nonSalePrice: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    price: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    problem: Schema.Attribute.String & Schema.Attribute.Required;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiOpsRosterOpsRoster extends Struct.CollectionTypeSchema {
  collectionName: "ops_rosters";
  info: {
    description: "A carrier's working days, appointment windows and closed dates (one per carrier)";
    displayName: "Ops: roster";
    pluralName: "ops-rosters";
    singularName: "ops-roster";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    closedDates: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-dates">;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    firstTimeslot: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.DefaultTo<"08:00">;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-roster.ops-roster"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    sameDayBookingUntil: Schema.Attribute.String;
    sameDayLeadMinutes: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 720;
          min: 0;
        },
        number
      > &
      Schema.Attribute.DefaultTo<60>;
    slotsPerTechnicianPerDay: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 24;
          min: 1;
        },
        number
      >;
    timeslotIntervalMinutes: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 480;
          min: 15;
        },
        number
      > &
      Schema.Attribute.DefaultTo<90>;
    timeslotMinutes: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 240;
          min: 15;
        },
        number
      > &
      Schema.Attribute.DefaultTo<60>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    workingWeekdays: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-weekdays">;
  };
}

export interface ApiOpsServiceAreaOpsServiceArea extends Struct.CollectionTypeSchema {
  collectionName: "ops_service_areas";
  info: {
    description: "A carrier's service area: where its technicians go, by postcode prefix";
    displayName: "Ops: service area";
    pluralName: "ops-service-areas";
    singularName: "ops-service-area";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    centreLat: Schema.Attribute.Float &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 90;
          min: -90;
        },
        number
      >;
    centreLng: Schema.Attribute.Float &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 180;
          min: -180;
        },
        number
      >;
    code: Schema.Attribute.String & Schema.Attribute.Required;
    country: Schema.Attribute.Enumeration<["GB", "DE", "AU", "US", "CA"]> & Schema.Attribute.Required;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-service-area.ops-service-area"> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    postcodePrefixes: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-postcode-prefixes">;
    publishedAt: Schema.Attribute.DateTime;
    radiusKm: Schema.Attribute.Float &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 200;
          min: 0.1;
        },
        number
      >;
    slotsPerTechnicianPerDay: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 24;
          min: 1;
        },
        number
      >;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiOpsStaffMemberOpsStaffMember extends Struct.CollectionTypeSchema {
  collectionName: "ops_staff_members";
  info: {
    description: "A carrier's staff member who logs in at /store/login (store colleague, technician, area manager, super admin)";
    displayName: "Ops: staff account";
    pluralName: "ops-staff-members";
    singularName: "ops-staff-member";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    companyPermissions: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-permissions">;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    disabled: Schema.Attribute.Boolean & Schema.Attribute.Required & Schema.Attribute.DefaultTo<false>;
    email: Schema.Attribute.Email;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-staff-member.ops-staff-member"> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 120;
      }>;
    password: Schema.Attribute.Password & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    role: Schema.Attribute.Enumeration<["storeColleague", "technician", "areaManager", "superAdmin", "customerService"]> &
      Schema.Attribute.Required &
      Schema.Attribute.DefaultTo<"storeColleague">;
    rolePermissions: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-permissions">;
    serviceArea: Schema.Attribute.String & Schema.Attribute.CustomField<"global::ops-area-code">;
    storeCodes: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-store-codes">;
    technicianCode: Schema.Attribute.String & Schema.Attribute.CustomField<"global::ops-technician-code">;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    username: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 254;
      }>;
  };
}

export interface ApiOpsStoreOpsStore extends Struct.CollectionTypeSchema {
  collectionName: "ops_stores";
  info: {
    description: "A store of the carrier (in-store bookings, drop-off)";
    displayName: "Ops: store";
    pluralName: "ops-stores";
    singularName: "ops-store";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    addressLine1: Schema.Attribute.String & Schema.Attribute.Required;
    addressLine2: Schema.Attribute.String;
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    code: Schema.Attribute.String & Schema.Attribute.Required;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    dropOffAvailable: Schema.Attribute.Boolean & Schema.Attribute.Required & Schema.Attribute.DefaultTo<false>;
    latitude: Schema.Attribute.Float &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 90;
          min: -90;
        },
        number
      >;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-store.ops-store"> & Schema.Attribute.Private;
    longitude: Schema.Attribute.Float &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 180;
          min: -180;
        },
        number
      >;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    openingHours: Schema.Attribute.JSON & Schema.Attribute.CustomField<"global::ops-opening-hours">;
    postcode: Schema.Attribute.String & Schema.Attribute.Required;
    publishedAt: Schema.Attribute.DateTime;
    town: Schema.Attribute.String & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface ApiOpsTechnicianOpsTechnician extends Struct.CollectionTypeSchema {
  collectionName: "ops_technicians";
  info: {
    description: "A technician with their van, home base and service area";
    displayName: "Ops: technician";
    pluralName: "ops-technicians";
    singularName: "ops-technician";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    homeBaseLat: Schema.Attribute.Float &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 90;
          min: -90;
        },
        number
      >;
    homeBaseLng: Schema.Attribute.Float &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 180;
          min: -180;
        },
        number
      >;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-technician.ops-technician"> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    publishedAt: Schema.Attribute.DateTime;
    serviceArea: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.CustomField<"global::ops-area-code">;
    technicianId: Schema.Attribute.String & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    vanRegistration: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 2;
      }>;
  };
}

export interface ApiOpsWebhookEndpointOpsWebhookEndpoint extends Struct.CollectionTypeSchema {
  collectionName: "ops_webhook_endpoints";
  info: {
    description: "A partner's URL that receives the carrier's order and job events, signed (ADR 179)";
    displayName: "Ops: webhook endpoint";
    pluralName: "ops-webhook-endpoints";
    singularName: "ops-webhook-endpoint";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    i18n: {
      localized: false;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 63;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    description: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 500;
      }>;
    enabled: Schema.Attribute.Boolean & Schema.Attribute.Required & Schema.Attribute.DefaultTo<true>;
    jobCompleted: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    jobOnTheWay: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    jobStarted: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ops-webhook-endpoint.ops-webhook-endpoint"> & Schema.Attribute.Private;
    orderAddressChanged: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    orderCancelled: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    orderCreated: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    orderDateChanged: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    orderRefunded: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    publishedAt: Schema.Attribute.DateTime;
    regenerateSecret: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    signingSecret: Schema.Attribute.String &
      Schema.Attribute.Private &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 200;
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    url: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 2000;
      }>;
  };
}

export interface ApiUiTextUiText extends Struct.CollectionTypeSchema {
  collectionName: "ui_texts";
  info: {
    description: "An override of one i18n key of the web app";
    displayName: "UI text";
    pluralName: "ui-texts";
    singularName: "ui-text";
  };
  options: {
    draftAndPublish: true;
  };
  pluginOptions: {
    i18n: {
      localized: true;
    };
  };
  attributes: {
    carrierCode: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<"global::ops-carrier-code"> &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: false;
        };
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    key: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
    locale: Schema.Attribute.String;
    localizations: Schema.Attribute.Relation<"oneToMany", "api::ui-text.ui-text">;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    value: Schema.Attribute.Text &
      Schema.Attribute.SetPluginOptions<{
        i18n: {
          localized: true;
        };
      }>;
  };
}

export interface PluginContentReleasesRelease extends Struct.CollectionTypeSchema {
  collectionName: "strapi_releases";
  info: {
    displayName: "Release";
    pluralName: "releases";
    singularName: "release";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    actions: Schema.Attribute.Relation<"oneToMany", "plugin::content-releases.release-action">;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "plugin::content-releases.release"> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    publishedAt: Schema.Attribute.DateTime;
    releasedAt: Schema.Attribute.DateTime;
    scheduledAt: Schema.Attribute.DateTime;
    status: Schema.Attribute.Enumeration<["ready", "blocked", "failed", "done", "empty"]> & Schema.Attribute.Required;
    timezone: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface PluginContentReleasesReleaseAction extends Struct.CollectionTypeSchema {
  collectionName: "strapi_release_actions";
  info: {
    displayName: "Release Action";
    pluralName: "release-actions";
    singularName: "release-action";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    contentType: Schema.Attribute.String & Schema.Attribute.Required;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    entryDocumentId: Schema.Attribute.String;
    isEntryValid: Schema.Attribute.Boolean;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "plugin::content-releases.release-action"> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    release: Schema.Attribute.Relation<"manyToOne", "plugin::content-releases.release">;
    type: Schema.Attribute.Enumeration<["publish", "unpublish"]> & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface PluginI18NLocale extends Struct.CollectionTypeSchema {
  collectionName: "i18n_locale";
  info: {
    collectionName: "locales";
    description: "";
    displayName: "Locale";
    pluralName: "locales";
    singularName: "locale";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "plugin::i18n.locale"> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.SetMinMax<
        {
          max: 50;
          min: 1;
        },
        number
      >;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface PluginReviewWorkflowsWorkflow extends Struct.CollectionTypeSchema {
  collectionName: "strapi_workflows";
  info: {
    description: "";
    displayName: "Workflow";
    name: "Workflow";
    pluralName: "workflows";
    singularName: "workflow";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    contentTypes: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.DefaultTo<"[]">;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "plugin::review-workflows.workflow"> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    publishedAt: Schema.Attribute.DateTime;
    stageRequiredToPublish: Schema.Attribute.Relation<"oneToOne", "plugin::review-workflows.workflow-stage">;
    stages: Schema.Attribute.Relation<"oneToMany", "plugin::review-workflows.workflow-stage">;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

export interface PluginReviewWorkflowsWorkflowStage extends Struct.CollectionTypeSchema {
  collectionName: "strapi_workflows_stages";
  info: {
    description: "";
    displayName: "Stages";
    name: "Workflow Stage";
    pluralName: "workflow-stages";
    singularName: "workflow-stage";
  };
  options: {
    draftAndPublish: false;
    version: "1.1.0";
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    color: Schema.Attribute.String & Schema.Attribute.DefaultTo<"#4945FF">;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "plugin::review-workflows.workflow-stage"> & Schema.Attribute.Private;
    name: Schema.Attribute.String;
    permissions: Schema.Attribute.Relation<"manyToMany", "admin::permission">;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    workflow: Schema.Attribute.Relation<"manyToOne", "plugin::review-workflows.workflow">;
  };
}

export interface PluginUploadFile extends Struct.CollectionTypeSchema {
  collectionName: "files";
  info: {
    description: "";
    displayName: "File";
    pluralName: "files";
    singularName: "file";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    alternativeText: Schema.Attribute.Text;
    caption: Schema.Attribute.Text;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    ext: Schema.Attribute.String;
    focalPoint: Schema.Attribute.JSON;
    folder: Schema.Attribute.Relation<"manyToOne", "plugin::upload.folder"> & Schema.Attribute.Private;
    folderPath: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Private &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    formats: Schema.Attribute.JSON;
    hash: Schema.Attribute.String & Schema.Attribute.Required;
    height: Schema.Attribute.Integer;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "plugin::upload.file"> & Schema.Attribute.Private;
    mime: Schema.Attribute.String & Schema.Attribute.Required;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    previewUrl: Schema.Attribute.Text;
    provider: Schema.Attribute.String & Schema.Attribute.Required;
    provider_metadata: Schema.Attribute.JSON;
    publishedAt: Schema.Attribute.DateTime;
    related: Schema.Attribute.Relation<"morphToMany">;
    size: Schema.Attribute.Decimal & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    url: Schema.Attribute.Text & Schema.Attribute.Required;
    width: Schema.Attribute.Integer;
  };
}

export interface PluginUploadFolder extends Struct.CollectionTypeSchema {
  collectionName: "upload_folders";
  info: {
    displayName: "Folder";
    pluralName: "folders";
    singularName: "folder";
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    "content-manager": {
      visible: false;
    };
    "content-type-builder": {
      visible: false;
    };
  };
  attributes: {
    children: Schema.Attribute.Relation<"oneToMany", "plugin::upload.folder">;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
    files: Schema.Attribute.Relation<"oneToMany", "plugin::upload.file">;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<"oneToMany", "plugin::upload.folder"> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    parent: Schema.Attribute.Relation<"manyToOne", "plugin::upload.folder">;
    path: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    pathId: Schema.Attribute.Integer & Schema.Attribute.Required & Schema.Attribute.Unique;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<"oneToOne", "admin::user"> & Schema.Attribute.Private;
  };
}

declare module "@strapi/strapi" {
  export namespace Public {
    export interface ContentTypeSchemas {
      "admin::api-token": AdminApiToken;
      "admin::api-token-permission": AdminApiTokenPermission;
      "admin::permission": AdminPermission;
      "admin::role": AdminRole;
      "admin::session": AdminSession;
      "admin::transfer-token": AdminTransferToken;
      "admin::transfer-token-permission": AdminTransferTokenPermission;
      "admin::user": AdminUser;
      "api::carrier.carrier": ApiCarrierCarrier;
      "api::catalogue-device-type.catalogue-device-type": ApiCatalogueDeviceTypeCatalogueDeviceType;
      "api::catalogue-extra.catalogue-extra": ApiCatalogueExtraCatalogueExtra;
      "api::catalogue-make.catalogue-make": ApiCatalogueMakeCatalogueMake;
      "api::catalogue-model.catalogue-model": ApiCatalogueModelCatalogueModel;
      "api::catalogue-price.catalogue-price": ApiCataloguePriceCataloguePrice;
      "api::catalogue-problem.catalogue-problem": ApiCatalogueProblemCatalogueProblem;
      "api::catalogue-setting.catalogue-setting": ApiCatalogueSettingCatalogueSetting;
      "api::catalogue-triage-question.catalogue-triage-question": ApiCatalogueTriageQuestionCatalogueTriageQuestion;
      "api::contact-reason.contact-reason": ApiContactReasonContactReason;
      "api::faq-category.faq-category": ApiFaqCategoryFaqCategory;
      "api::faq-item.faq-item": ApiFaqItemFaqItem;
      "api::help-guide.help-guide": ApiHelpGuideHelpGuide;
      "api::landing-page.landing-page": ApiLandingPageLandingPage;
      "api::legal-page.legal-page": ApiLegalPageLegalPage;
      "api::message-template.message-template": ApiMessageTemplateMessageTemplate;
      "api::ops-api-key.ops-api-key": ApiOpsApiKeyOpsApiKey;
      "api::ops-discount-code.ops-discount-code": ApiOpsDiscountCodeOpsDiscountCode;
      "api::ops-offering.ops-offering": ApiOpsOfferingOpsOffering;
      "api::ops-price-override.ops-price-override": ApiOpsPriceOverrideOpsPriceOverride;
      "api::ops-roster.ops-roster": ApiOpsRosterOpsRoster;
      "api::ops-service-area.ops-service-area": ApiOpsServiceAreaOpsServiceArea;
      "api::ops-staff-member.ops-staff-member": ApiOpsStaffMemberOpsStaffMember;
      "api::ops-store.ops-store": ApiOpsStoreOpsStore;
      "api::ops-technician.ops-technician": ApiOpsTechnicianOpsTechnician;
      "api::ops-webhook-endpoint.ops-webhook-endpoint": ApiOpsWebhookEndpointOpsWebhookEndpoint;
      "api::ui-text.ui-text": ApiUiTextUiText;
      "plugin::content-releases.release": PluginContentReleasesRelease;
      "plugin::content-releases.release-action": PluginContentReleasesReleaseAction;
      "plugin::i18n.locale": PluginI18NLocale;
      "plugin::review-workflows.workflow": PluginReviewWorkflowsWorkflow;
      "plugin::review-workflows.workflow-stage": PluginReviewWorkflowsWorkflowStage;
      "plugin::upload.file": PluginUploadFile;
      "plugin::upload.folder": PluginUploadFolder;
    }
  }
}
