/**
 * Intl formatters, built once per locale and options, and only when first
 * used. Building one (and every `toLocale*String` call with options, which
 * builds one underneath) costs about a millisecond on a phone: a list of 25
 * song cards spent 70 ms of a 4×-throttled render on it (docs/benchmarks.md).
 * Never at a module's top level: a page's first formatter also loads ICU's
 * data, which public/intl-warm-up.js does in a worker while the scripts
 * download (decision 091); a formatter built as the bundle evaluates would
 * pay it on the main thread before the worker is done.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** The formatter of this kind, locale and options, built by `build` the first time. */
function shared<F extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: "date" | "number",
  locale: string | undefined,
  options: object | undefined,
  build: () => F,
): F {
  const key = `${kind}|${locale ?? ""}|${JSON.stringify(options ?? {})}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, shared by every caller that asks for the same one. */
export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return shared("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, shared by every caller that asks for the same one. */
export function numberFormat(
  locale: string | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return shared("number", locale, options, () => new Intl.NumberFormat(locale, options));
}
