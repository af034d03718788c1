/**
 * A device's name from its browser's User-Agent, for the sessions page: the browser and the system, as people
 * call them ("Safari · iPhone"). Undefined when neither is recognised.
 */
export function deviceName(userAgent: string | null): string | undefined {
  if (!userAgent) return undefined;
  const browser = [
    [/Edg(A|iOS)?\//, 'Edge'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] as string | undefined;
  const system = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] as string | undefined;
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
