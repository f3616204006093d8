// Push settings: turn notifications on or off on this device (the page gives the site's VAPID key).
(function () {
  const root = document.getElementById("push-device");
  if (!root) return;
  const status = document.getElementById("push-status");
  const on = document.getElementById("push-on");
  const off = document.getElementById("push-off");
  const csrf = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
  const say = (text) => { status.textContent = text; };

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function post(url, subscription) {
    return fetch(url, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify(subscription),
      credentials: "same-origin",
    }).then((response) => { if (!response.ok) throw new Error("the site refused the subscription"); });
  }

  async function current() {
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.getSubscription();
  }

  async function refresh() {
    const subscription = await current();
    on.hidden = Boolean(subscription);
    off.hidden = !subscription;
    say(subscription ? "Notifications are on for this device." : "Notifications are off for this device.");
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !root.dataset.key) {
    say(root.dataset.key ? "This browser cannot take push notifications." : "Push notifications are not set up on this site.");
    return;
  }
  on.addEventListener("click", async () => {
    try {
      if ((await Notification.requestPermission()) !== "granted") { say("Notifications are blocked for this site in your browser."); return; }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(root.dataset.key)});
      await post(root.dataset.subscribe, subscription.toJSON());
    } catch (error) { say("Could not turn notifications on: " + error.message); return; }
    refresh();
  });
  off.addEventListener("click", async () => {
    const subscription = await current();
    if (subscription) {
      await post(root.dataset.unsubscribe, {endpoint: subscription.endpoint});
      await subscription.unsubscribe();
    }
    refresh();
  });
  refresh();
})();
