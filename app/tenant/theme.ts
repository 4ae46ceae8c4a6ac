import type { Theme } from "~/content/schemas";

/**
 * The carrier's branding as CSS custom properties: the only way branding reaches components.
 * Every value was validated by the content schema (hex colours, plain font stacks), so the
 * result is safe to place inside a <style> element.
 */
export function themeCss(theme: Theme): string {
  const variables: Record<string, string> = {
    "--carrier-primary": theme.primaryColor,
    "--carrier-on-primary": theme.primaryContrastColor,
    "--carrier-accent": theme.accentColor,
    "--carrier-background": theme.backgroundColor,
    "--carrier-surface": theme.surfaceColor,
    "--carrier-text": theme.textColor,
    "--carrier-font": theme.fontFamily,
    "--carrier-heading-font": theme.headingFontFamily,
  };
  const body = Object.entries(variables)
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, "")};`)
    .join("");
  return `:root{${body}}`;
}
