"""Web Push and the installable app: notifications per device, the web app manifest and the service worker."""
