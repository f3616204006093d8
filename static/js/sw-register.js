// Registers the service worker on every page, so the site installs on a phone's home screen.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}
