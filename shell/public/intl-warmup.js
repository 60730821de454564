/* global self */
// Builds one date and one number formatter of each language off the main thread. The first
// Intl formatter a page builds loads the browser's ICU data, 25–50 ms on a desktop CPU (four
// times that on a phone), and that load is shared by the whole page: built here, the page's
// first date costs under a millisecond (bench/README.md, "Ninth pass").
const day = new Date(Date.UTC(2026, 0, 1));
for (const locale of ['en-US', 'am-ET']) {
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
  new Intl.NumberFormat(locale).format(1234);
}
new Intl.DateTimeFormat('am-ET-u-ca-ethiopic', { dateStyle: 'long', timeZone: 'UTC' }).format(day);
self.close();
