// The match page by keyboard and screen reader. A click on the board (a point, a choice button, "cancel") or a
// played move swaps the play area (#play, or the analysis board's #analysis) and would drop focus to the page:
// focus goes on to the next step instead
// (the first point still on offer, else the confirm button, else the status line), without
// scrolling, so the board stays where it was. Live updates swap #play too but never move focus. Whatever swapped
// it, a new status line or draw offer is copied into the page's lasting live region (#announcer), which screen
// readers read out (a region that is itself replaced is not).
(function () {
  var said = null;

  function spoken() {
    var parts = [];
    document.querySelectorAll("#play .status, #match-actions .offer").forEach(function (el) {
      parts.push(el.textContent.replace(/\s+/g, " ").trim());
    });
    return parts.join(" ");
  }

  function nextStep(play) {
    var typed = play.querySelector(".error") && play.querySelector(".typed input[name=move]");
    var next = typed || play.querySelector("svg.board a.opt, .choices a") ||
      play.querySelector("button.confirm-move") || play.querySelector(".status");
    if (!next) return;
    if (!next.matches("a, button, input")) next.setAttribute("tabindex", "-1");
    next.focus({ preventScroll: true });
  }

  document.addEventListener("DOMContentLoaded", function () { said = spoken(); });

  // A request made by a click in the play area is a step of the move; its response is followed by focus.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt.closest("#play, #analysis") && elt.closest(".opt, .choices, .move-entry")) event.detail.xhr.moveStep = true;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var id = event.target.id;
    if (id === "analysis") {
      if (event.detail.xhr && event.detail.xhr.moveStep) nextStep(event.target);
      return;
    }
    if (id !== "play" && id !== "match-actions") return;
    var now = spoken();
    var announcer = document.getElementById("announcer");
    if (announcer && said !== null && now !== said) announcer.textContent = now;
    said = now;
    if (id === "play" && event.detail.xhr && event.detail.xhr.moveStep) nextStep(event.target);
  });
})();
