import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The only way user-supplied HTML reaches the page: sanitized by DOMPurify first. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
