import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextField } from "./text-field";

describe("the kit's text field", () => {
  it("labels the input and ties hint and error to it", () => {
    const html = renderToStaticMarkup(<TextField id="postcode" name="postcode" label="Postcode" hint="As on your bill" error="Please enter a postcode" />);
    expect(html).toContain('<label for="postcode"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="postcode-hint postcode-error"');
    expect(html).toContain('id="postcode-error"');
    expect(html).toContain('data-testid="postcode-error"');
    expect(html).toContain("Please enter a postcode");
  });

  it("reads other describing text first and shows no error without one", () => {
    const html = renderToStaticMarkup(<TextField id="phrase" name="phrase" label="Phrase" aria-describedby="intro" error={null} />);
    expect(html).toContain('aria-describedby="intro"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("phrase-error");
  });

  it("announces the error where it is the page's only message", () => {
    const html = renderToStaticMarkup(<TextField id="code" name="code" label="Code" error="Unknown code" announceError errorTestId="code-error" />);
    expect(html).toMatch(/<p id="code-error" role="alert"/);
  });
});
