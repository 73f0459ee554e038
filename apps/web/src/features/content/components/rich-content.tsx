import './rich-content.css';

/** `lang`: the language of the version the server answered (the reader's, English or Chinese). */
type RichContentProps = { html: string; lang?: string; testId?: string };

/**
 * A notice's or article's body. The server sanitizes it with DOMPurify when an operator saves it
 * (docs/architecture.md, "Quality rules"), so it is rendered as given.
 */
export function RichContent({ html, lang, testId }: RichContentProps) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save
    <div className="rich-content" lang={lang} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
