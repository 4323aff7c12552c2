/**
 * Date formatters, built once per locale and options. Building one (and every
 * `toLocale*String` call with options, which builds one underneath) costs
 * about a millisecond on a phone: a list of 25 song cards spent 70 ms of a
 * 4×-throttled render on it (docs/benchmarks.md).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, shared by every caller that asks for the same one. */
export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
