// Daymove's service worker: shows pushes (your turn, challenges, draw offers, game over), sets the app badge to
// the number of matches waiting for you, opens the match on a click, and says so plainly when offline.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    fetch(event.request).catch(
      () => new Response("{{ offline|escapejs }}", {
        status: 503,
        headers: {"Content-Type": "text/plain; charset=utf-8"},
      }),
    ),
  );
});

self.addEventListener("push", (event) => {
  const data = event.data ? event.data.json() : {};
  const shown = self.registration.showNotification(data.title || "Daymove", {
    body: data.body || "",
    tag: data.tag,
    icon: "{{ icon }}",
    data: {url: data.url || "/"},
  });
  let badge = Promise.resolve();
  if ("setAppBadge" in navigator && typeof data.badge === "number") {
    badge = data.badge > 0 ? navigator.setAppBadge(data.badge) : navigator.clearAppBadge();
  }
  event.waitUntil(Promise.all([shown, badge.catch(() => undefined)]));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});
