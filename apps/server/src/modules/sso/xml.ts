/**
 * A small, strict XML reader for the identity providers' replies (CAS serviceValidate, CAS single-logout
 * requests). Safe by construction: a document type declaration is refused outright, so there are no
 * entity definitions to expand (no XXE, no billion laughs); only the five predefined entities and
 * character references are understood. Element names keep their prefix in `name` and drop it in
 * `local`, which is what CAS replies are matched by (cas:user, samlp:SessionIndex).
 */
export type XmlElement = { name: string; local: string; attrs: Record<string, string>; children: XmlElement[]; text: string };

export class XmlError extends Error {}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Replies larger than this are no CAS reply. */
const MAX_CHARS = 1_000_000;
const MAX_DEPTH = 64;

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlError('bare ampersand');
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    const v = ENTITIES[ref];
    if (v === undefined) throw new XmlError(`unknown entity ${ref}`);
    return v;
  });
}

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);

export function parseXml(xml: string): XmlElement {
  if (xml.length > MAX_CHARS) throw new XmlError('too large');
  let i = 0;
  const root: XmlElement = { name: '#document', local: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const chunk = xml.slice(i, lt === -1 ? xml.length : lt);
    if (chunk) {
      if (stack.length === 1 && chunk.trim()) throw new XmlError('text outside the root element');
      top().text += decode(chunk);
    }
    if (lt === -1) break;
    i = lt;
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end === -1) throw new XmlError('unterminated comment');
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9);
      if (end === -1) throw new XmlError('unterminated CDATA');
      top().text += xml.slice(i + 9, end);
      i = end + 3;
    } else if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i + 2);
      if (end === -1) throw new XmlError('unterminated processing instruction');
      i = end + 2;
    } else if (xml.startsWith('<!', i)) {
      throw new XmlError('document type declarations are refused');
    } else if (xml.startsWith('</', i)) {
      const m = NAME.exec(xml.slice(i + 2));
      const end = xml.indexOf('>', i);
      if (!m || end === -1) throw new XmlError('bad end tag');
      const open = stack.pop();
      if (!open || open === root || open.name !== m[0]) throw new XmlError('mismatched end tag');
      i = end + 1;
    } else {
      const m = NAME.exec(xml.slice(i + 1));
      if (!m) throw new XmlError('bad tag');
      const el: XmlElement = { name: m[0], local: localOf(m[0]), attrs: {}, children: [], text: '' };
      i += 1 + m[0].length;
      const attr = /\s*([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')|\s*(\/?>)/y;
      for (;;) {
        attr.lastIndex = i;
        const a = attr.exec(xml);
        if (!a) throw new XmlError('bad attribute');
        i = attr.lastIndex;
        if (a[5]) {
          if (stack.length === 1 && root.children.length) throw new XmlError('more than one root element');
          top().children.push(el);
          if (a[5] === '>') {
            if (stack.length > MAX_DEPTH) throw new XmlError('too deep');
            stack.push(el);
          }
          break;
        }
        el.attrs[a[1]!] = decode(a[3] ?? a[4] ?? '');
      }
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new XmlError('unterminated document');
  return root.children[0]!;
}

/** The first child with this local name. */
export const child = (el: XmlElement | undefined, local: string): XmlElement | undefined => el?.children.find((c) => c.local === local);
