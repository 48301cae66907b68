/**
 * A notification's link as an app path for the router: '/hxk/InviteMeToListen?tab=sent' and
 * '/InviteMeToListen?tab=sent' both give '/InviteMeToListen?tab=sent'. Anything that is not a path on
 * this site (another origin, '//host', 'javascript:') gives null.
 */
export function appLink(link: string | null, base: string): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  const prefix = base.replace(/\/$/, '');
  if (prefix && (link === prefix || link.startsWith(`${prefix}/`) || link.startsWith(`${prefix}?`))) {
    const rest = link.slice(prefix.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return link;
}
