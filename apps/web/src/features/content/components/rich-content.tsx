import './rich-content.css';

type RichContentProps = { html: string; testId?: string };

/**
 * A notice's or article's body. The server sanitizes it with DOMPurify when an operator saves it
 * (QUALITY.md), so it is rendered as given.
 */
export function RichContent({ html, testId }: RichContentProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save
  return <div className="rich-content" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
