import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink, buttonClass } from "./button";
import { SearchField } from "./search-field";

describe("the kit's button", () => {
  it("is a plain button of the primary look unless told otherwise", () => {
    const html = renderToStaticMarkup(<Button type="button">Continue</Button>);
    expect(html).toMatch(/^<button class="[^"]*bg-primary[^"]*text-on-primary[^"]*" type="button">Continue<\/button>$/);
  });

  it("passes type, name, value, form, disabled and test id through", () => {
    const html = renderToStaticMarkup(
      <Button type="submit" name="intent" value="apply-promo" form="promo" disabled data-testid="apply">
        Apply
      </Button>,
    );
    for (const attribute of ['type="submit"', 'name="intent"', 'value="apply-promo"', 'form="promo"', 'disabled=""', 'data-testid="apply"']) expect(html).toContain(attribute);
  });

  it("says it is busy with its pending label, else a hidden ellipsis", () => {
    expect(
      renderToStaticMarkup(
        <Button pending pendingLabel="Saving…">
          Save
        </Button>,
      ),
    ).toMatch(/aria-disabled="true".*>Saving…<\/button>/);
    expect(renderToStaticMarkup(<Button pending>Save</Button>)).toContain('Save<span class="sr-only"> …</span>');
  });

  it("keeps the caller's layout classes and offers the variants, sizes and full width found on the pages", () => {
    expect(buttonClass({ variant: "secondary", size: "sm", className: "mt-3" })).toBe(
      "inline-block rounded-lg border-2 text-center font-semibold disabled:opacity-60 border-primary text-primary px-4 py-2 mt-3",
    );
    expect(buttonClass({ size: "lg", fullWidth: true })).toContain("block w-full");
    expect(buttonClass({ size: "lg", fullWidth: true })).toContain("text-lg");
    expect(buttonClass({ variant: "quiet" })).toContain("border-line/30");
    expect(buttonClass({ variant: "inverse" })).toContain("bg-on-primary text-primary");
    expect(buttonClass({ shape: "pill" })).toMatch(/^inline-block rounded-full /);
  });
});

describe("the kit's button link", () => {
  it("is a link with the button look", () => {
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <ButtonLink to="/booking/basket" variant="secondary" data-testid="to-basket">
            Basket
          </ButtonLink>
        ),
      },
    ]);
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toMatch(/^<a class="inline-block rounded-lg border-2[^"]*border-primary text-primary[^"]*"/);
    expect(html).toContain('href="/booking/basket"');
    expect(html).toContain('data-testid="to-basket"');
    expect(html).toMatch(/>Basket<\/a>$/);
  });
});

describe("the kit's search field", () => {
  it("labels the input and puts the search button beside it", () => {
    const html = renderToStaticMarkup(<SearchField id="address-text" name="text" label="Address" buttonLabel="Search" buttonTestId="search" />);
    expect(html).toContain('<label for="address-text"');
    expect(html).toContain('type="search"');
    expect(html).toContain('name="text"');
    expect(html).toMatch(/<button class="[^"]*bg-primary[^"]*" type="submit" data-testid="search">Search<\/button>/);
  });

  it("ties its error to the input and announces it where asked", () => {
    const html = renderToStaticMarkup(<SearchField id="store-postcode" name="postcode" type="text" label="Postcode" buttonLabel="Search" error="Not a postcode" announceError />);
    expect(html).toContain('type="text"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="store-postcode-error"');
    expect(html).toMatch(/<p id="store-postcode-error" role="alert"/);
  });
});
