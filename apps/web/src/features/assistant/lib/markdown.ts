import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// GitHub-flavoured (tables), line breaks as written; no raw HTML survives the sanitizer's profile.
const marked = new Marked({ gfm: true, breaks: true, async: false });

/** An answer's markdown as HTML that is safe to insert: rendered by marked, sanitized by DOMPurify. */
export function markdownHtml(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'], FORBID_ATTR: ['style'] });
}
