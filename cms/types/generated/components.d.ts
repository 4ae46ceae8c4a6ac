import type { Schema, Struct } from "@strapi/strapi";

export interface CarrierIcon extends Struct.ComponentSchema {
  collectionName: "components_carrier_icons";
  info: {
    description: "A favicon or home-screen icon of the carrier's site, written into every page's head as <link rel=\u2026 sizes=\u2026 type=\u2026 href=\u2026>";
    displayName: "Icon";
    icon: "picture";
  };
  attributes: {
    mimeType: Schema.Attribute.String;
    rel: Schema.Attribute.Enumeration<["icon", "apple-touch-icon"]> & Schema.Attribute.Required & Schema.Attribute.DefaultTo<"icon">;
    sizes: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 100;
      }>;
    url: Schema.Attribute.Text & Schema.Attribute.Required;
  };
}

export interface CarrierTheme extends Struct.ComponentSchema {
  collectionName: "components_carrier_themes";
  info: {
    description: "Branding of a carrier, rendered as CSS custom properties";
    displayName: "Theme";
    icon: "brush";
  };
  attributes: {
    accentColor: Schema.Attribute.String;
    backgroundColor: Schema.Attribute.String;
    fontFamily: Schema.Attribute.String;
    headingFontFamily: Schema.Attribute.String;
    landingPageLogoUrl: Schema.Attribute.Text;
    logoUrl: Schema.Attribute.Text;
    primaryColor: Schema.Attribute.String;
    primaryContrastColor: Schema.Attribute.String;
    surfaceColor: Schema.Attribute.String;
    textColor: Schema.Attribute.String;
  };
}

export interface CatalogueAmount extends Struct.ComponentSchema {
  collectionName: "components_catalogue_amounts";
  info: {
    description: "An amount in one currency, in minor units (pence/cents): 4999 = 49.99";
    displayName: "Amount";
    icon: "stack";
  };
  attributes: {
    currency: Schema.Attribute.Enumeration<["GBP", "EUR", "AUD", "USD", "CAD"]> & Schema.Attribute.Required;
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
  };
}

export interface CatalogueColour extends Struct.ComponentSchema {
  collectionName: "components_catalogue_colours";
  info: {
    description: "A colour of a model";
    displayName: "Colour";
    icon: "stack";
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Required;
    hex: Schema.Attribute.String & Schema.Attribute.Required;
    nameDe: Schema.Attribute.String & Schema.Attribute.Required;
    nameEn: Schema.Attribute.String & Schema.Attribute.Required;
  };
}

export interface CatalogueIrisCode extends Struct.ComponentSchema {
  collectionName: "components_catalogue_iris_codes";
  info: {
    description: "An IRIS repair code the technician chooses on the IRIS step";
    displayName: "IRIS code";
    icon: "bulletList";
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Required;
    section: Schema.Attribute.Enumeration<["condition", "symptom", "defect", "repair"]> & Schema.Attribute.Required;
    titleDe: Schema.Attribute.String & Schema.Attribute.Required;
    titleEn: Schema.Attribute.String & Schema.Attribute.Required;
  };
}

export interface CatalogueVersion extends Struct.ComponentSchema {
  collectionName: "components_catalogue_versions";
  info: {
    description: "What the customer picks: a storage size or an appliance build";
    displayName: "Version";
    icon: "stack";
  };
  attributes: {
    fullModelCode: Schema.Attribute.String;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    storageGb: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
    versionId: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          min: 1;
        },
        number
      >;
  };
}

export interface ContentCarouselItem extends Struct.ComponentSchema {
  collectionName: "components_content_carousel_items";
  info: {
    description: 'A device in the "Most popular" carousel';
    displayName: "Carousel item";
    icon: "picture";
  };
  attributes: {
    image: Schema.Attribute.Media<"images">;
    imagePath: Schema.Attribute.String;
    title: Schema.Attribute.String;
  };
}

export interface ContentTitleText extends Struct.ComponentSchema {
  collectionName: "components_content_title_texts";
  info: {
    description: "A title with a paragraph (selling point, step, help-guide step)";
    displayName: "Title and text";
    icon: "layer";
  };
  attributes: {
    text: Schema.Attribute.Text;
    title: Schema.Attribute.String;
  };
}

export interface OpsAllowedOrigin extends Struct.ComponentSchema {
  collectionName: "components_ops_allowed_origins";
  info: {
    description: "A browser origin that may call the partner API with this key: scheme and host (and port), e.g. https://app.example.com";
    displayName: "Allowed origin";
    icon: "globe";
  };
  attributes: {
    origin: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

declare module "@strapi/strapi" {
  export namespace Public {
    export interface ComponentSchemas {
      "carrier.icon": CarrierIcon;
      "carrier.theme": CarrierTheme;
      "catalogue.amount": CatalogueAmount;
      "catalogue.colour": CatalogueColour;
      "catalogue.iris-code": CatalogueIrisCode;
      "catalogue.version": CatalogueVersion;
      "content.carousel-item": ContentCarouselItem;
      "content.title-text": ContentTitleText;
      "ops.allowed-origin": OpsAllowedOrigin;
    }
  }
}
