// The match page by screen reader. Whatever swapped the play area (a click, a played move, a live update), a new
// status line or draw offer is copied into the page's lasting live region (#announcer), which screen readers read
// out (a region that is itself replaced is not). Focus after a swap is board-keys.js's business.
(function () {
  var said = null;

  function spoken() {
    var parts = [];
    document.querySelectorAll("#play .status, #match-actions .offer").forEach(function (el) {
      parts.push(el.textContent.replace(/\s+/g, " ").trim());
    });
    return parts.join(" ");
  }

  document.addEventListener("DOMContentLoaded", function () { said = spoken(); });

  document.addEventListener("htmx:afterSettle", function (event) {
    var id = event.target.id;
    if (id !== "play" && id !== "match-actions") return;
    var now = spoken();
    var announcer = document.getElementById("announcer");
    if (announcer && said !== null && now !== said) announcer.textContent = now;
    said = now;
  });
})();
