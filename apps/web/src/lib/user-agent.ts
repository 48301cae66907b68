export type BrowserSummary = { browser: string; version: string | null; os: string | null; mobile: boolean };

const BROWSERS: [name: string, re: RegExp][] = [
  ['WeChat', /MicroMessenger\/([\d.]+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['UC Browser', /UCBrowser\/([\d.]+)/],
  ['QQ Browser', /QQBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome (headless)', /HeadlessChrome\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

const SYSTEMS: [name: string, re: RegExp][] = [
  ['Windows', /Windows NT/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/** A readable summary of a user agent string: "Chrome 139 · Windows". */
export function summarizeUserAgent(ua: string): BrowserSummary {
  let browser = '';
  let version: string | null = null;
  for (const [name, re] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = name;
      version = m[1]?.split('.')[0] ?? null;
      break;
    }
  }
  const os = SYSTEMS.find(([, re]) => re.test(ua))?.[0] ?? null;
  return { browser: browser || ua.split(/[\s/]/)[0] || '', version, os, mobile: /Mobile|Android|iPhone|iPad/.test(ua) };
}

export function formatUserAgent(ua: string): string {
  const s = summarizeUserAgent(ua);
  const name = s.version ? `${s.browser} ${s.version}` : s.browser;
  return s.os ? `${name} · ${s.os}` : name;
}
