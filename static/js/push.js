// Push settings: turn notifications on or off on this device (the page gives the site's VAPID key and the words
// to say, in the page's language).
(function () {
  const root = document.getElementById("push-device");
  if (!root) return;
  const status = document.getElementById("push-status");
  const on = document.getElementById("push-on");
  const off = document.getElementById("push-off");
  const csrf = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
  const text = root.dataset;  // the page's words, in its language (data-say-*)
  const say = (words) => { status.textContent = words; };

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
    }).then((response) => { if (!response.ok) throw new Error(text.sayRefused); });
  }

  async function current() {
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.getSubscription();
  }

  async function refresh() {
    const subscription = await current();
    on.hidden = Boolean(subscription);
    off.hidden = !subscription;
    say(subscription ? text.sayOn : text.sayOff);
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !root.dataset.key) {
    say(root.dataset.key ? text.sayUnable : text.sayUnset);
    return;
  }
  on.addEventListener("click", async () => {
    try {
      if ((await Notification.requestPermission()) !== "granted") { say(text.sayBlocked); return; }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(root.dataset.key)});
      await post(root.dataset.subscribe, subscription.toJSON());
    } catch (error) { say(text.sayFailed + " " + error.message); return; }
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
