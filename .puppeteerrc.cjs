/**
 * pa11y (e2e) depends on the full puppeteer package, whose install script downloads a Chrome:
 * the tests use Debian's Chromium and Firefox ESR, so nothing is downloaded (it could not be here).
 */
module.exports = { skipDownload: true };
