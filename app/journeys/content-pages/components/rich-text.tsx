/**
 * CMS long text: blank lines separate paragraphs, a line starting with `## ` is a heading.
 * Rendered as React text nodes, never as HTML, so editors cannot inject markup.
 */
export function RichText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const blocks = text
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="space-y-4 leading-relaxed">
      {blocks.map((block, index) =>
        block.startsWith("## ") ? (
          <Heading key={index} className="pt-2 text-xl font-semibold">
            {block.slice(3)}
          </Heading>
        ) : (
          <p key={index} className="whitespace-pre-line">
            {block}
          </p>
        ),
      )}
    </div>
  );
}
