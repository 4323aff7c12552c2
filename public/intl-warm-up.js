// A dedicated worker, started from the page's head (start-intl-warm-up.js).
// The first Intl formatter in a page loads ICU's locale data: 35-100 ms on a
// slow host, a long task when the app's first render pays it. ICU is shared
// by the page's threads, so loading it here, while the app's scripts
// download, leaves the app's own formatters cheap (docs/decisions/091).
[undefined, "en-GB", "en-US", "en-IN"].forEach(function (locale) {
  new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short" }).format(0);
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(0);
  new Intl.NumberFormat(locale).format(1.5);
});
close();
