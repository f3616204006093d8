// The board by keyboard. A board is one tab stop: the arrow keys move between its points on offer by where they
// are drawn (along a row or column of a square board, to the nearer neighbour on a hex board), Home and End go to
// the first and last, Enter or Space clicks. "Skip to the board" lands on it. A click on the board or in the move
// box swaps the play area (#play, or the analysis board's #analysis) and would drop focus to the page: focus goes
// on to the next step instead (the point on offer nearest the last one clicked, else a choice button, else the
// confirm button), and after the move back onto the board, without scrolling. A live update that replaces the
// board under the keyboard puts focus back on it too. Keys are taken only on the board (review.js leaves them).
(function () {
  var AHEAD = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  function centre(el) {
    var box = el.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }

  // The points on offer in reading order: top row first, left to right (rows a few pixels apart count as one).
  function points(wrap) {
    var all = Array.prototype.slice.call(wrap.querySelectorAll("svg.board a.opt"));
    var at = new Map(all.map(function (p) { return [p, centre(p)]; }));
    return all.sort(function (a, b) {
      var pa = at.get(a), pb = at.get(b);
      return Math.abs(pa.y - pb.y) > 4 ? pa.y - pb.y : pa.x - pb.x;
    });
  }

  // Make `stop` (else the point that already is, else the first) the board's only tab stop; returns it.
  function rove(wrap, stop) {
    var all = points(wrap);
    stop = stop || all.filter(function (p) { return p.getAttribute("tabindex") === "0"; })[0] || all[0];
    all.forEach(function (p) { p.setAttribute("tabindex", p === stop ? "0" : "-1"); });
    return stop || null;
  }

  // The point on offer nearest to `spot` (a {x, y} on the screen), or the board's stop when there is no spot.
  function nearest(wrap, spot) {
    var best = null, bestDistance = Infinity;
    if (spot) points(wrap).forEach(function (p) {
      var c = centre(p), distance = Math.hypot(c.x - spot.x, c.y - spot.y);
      if (distance < bestDistance) { best = p; bestDistance = distance; }
    });
    return rove(wrap, best);
  }

  // The point the arrow `key` leads to from `from`: the nearest within 45 degrees of the arrow (else anywhere ahead),
  // a point off to the side counting as farther by its distance aside. Along a row or column of a square board,
  // to the nearer of the two neighbours a row up or down on a hex board.
  function ahead(wrap, from, key) {
    var d = AHEAD[key], a = centre(from), inCone = null, anyAhead = null;
    points(wrap).forEach(function (p) {
      var c = centre(p), dx = c.x - a.x, dy = c.y - a.y;
      var forward = dx * d[0] + dy * d[1], aside = Math.abs(dx * d[1] - dy * d[0]);
      if (p === from || forward < 1) return;
      var found = { point: p, cost: Math.hypot(dx, dy) + aside };
      if (aside <= forward + 1 && (!inCone || found.cost < inCone.cost)) inCone = found;
      if (!anyAhead || found.cost < anyAhead.cost) anyAhead = found;
    });
    return (inCone || anyAhead || {}).point || null;
  }

  // The board as a whole: its drawing, a group named for screen readers ("Abrana board, Green to move").
  function whole(wrap) {
    return wrap.querySelector("svg.board") || wrap;
  }

  // Focus `el`, scrolling it into view only when asked (a step of a move leaves the board where it is).
  function focusOn(el, scroll) {
    if (!el.matches("a, button, input, [tabindex]")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: !scroll });
  }

  // Where on the screen the board's point for `token` is drawn (on offer or not), if it is.
  function spotOf(wrap, token) {
    if (!wrap || !token) return null;
    var name = CSS.escape(token);
    var el = wrap.querySelector('[data-token="' + name + '"], [data-point="' + name + '"]');
    return el ? centre(el) : null;
  }

  // After a click step or a move in `area`: the next thing to press, or the board itself.
  function nextStep(area, spot) {
    var typed = area.querySelector(".error") && area.querySelector(".typed input[name=move]");
    var wrap = area.querySelector(".board-wrap");
    var point = wrap && points(wrap).length ? nearest(wrap, spot) : null;
    var next = typed || point || area.querySelector(".choices a") || area.querySelector("button.confirm-move") ||
      (wrap && whole(wrap)) ||
      area.querySelector(".status");
    if (next) focusOn(next);
  }

  // Before a swap: what had focus in the area, to put it back after.
  function remember(area) {
    var active = document.activeElement;
    if (!active || active === area || !area.contains(active)) return null;
    return {
      token: active.getAttribute("data-token"),
      step: active.getAttribute("data-step"),
      href: active.getAttribute("href"),
      spot: active.closest("a.opt") ? centre(active) : null,
    };
  }

  // After a swap that dropped focus: the same review step or link if it is still there, else the board (the
  // point on offer nearest to where focus was, else the board itself).
  function putBack(area, was) {
    var wrap = area.querySelector(".board-wrap");
    var el = (was.step && area.querySelector('a[data-step="' + was.step + '"]')) ||
      (was.href && area.querySelector('a[href="' + CSS.escape(was.href) + '"]:not(.opt)'));
    if (!el && wrap) el = nearest(wrap, spotOf(wrap, was.token) || was.spot) || whole(wrap);
    if (el) focusOn(el);
  }

  function roveAll() {
    document.querySelectorAll(".board-wrap").forEach(function (wrap) { rove(wrap, null); });
  }

  document.addEventListener("DOMContentLoaded", roveAll);

  // A request made by a click on the board or in the move box is a step of the move: remember where it was made.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt, area = elt.closest("#play, #analysis");
    if (!area || !elt.closest(".opt, .choices, .move-entry")) return;
    var wrap = area.querySelector(".board-wrap");
    var clicked = (area.getAttribute("data-selected") || "").split(" ").pop();
    event.detail.xhr.moveStep = {
      spot: elt.closest(".opt") ? centre(elt.closest(".opt")) : spotOf(wrap, clicked),
    };
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var area = event.detail.target;
    if (area && (area.id === "play" || area.id === "analysis")) event.detail.xhr.focusWas = remember(area);
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var area = event.target, xhr = event.detail.xhr;
    if (area.id !== "play" && area.id !== "analysis") return;
    roveAll();
    if (xhr && xhr.moveStep) nextStep(area, xhr.moveStep.spot);
    else if (xhr && xhr.focusWas && (!document.activeElement || document.activeElement === document.body)) {
      putBack(area, xhr.focusWas);
    }
  });

  // "Skip to the board": onto its stop (or the board itself when nothing is on offer), scrolled into view.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest('a.skip-link[href="#board"]');
    var wrap = link && document.getElementById("board");
    if (!wrap) return;
    event.preventDefault();
    focusOn(rove(wrap, null) || whole(wrap), true);
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var wrap = event.target.closest && event.target.closest(".board-wrap");
    if (!wrap) return;
    var point = event.target.closest("a.opt"), all = points(wrap), to = null;
    if (AHEAD[event.key]) to = point ? ahead(wrap, point, event.key) : all[0];
    else if (event.key === "Home") to = all[0];
    else if (event.key === "End") to = all[all.length - 1];
    else if (event.key === " " && point) {
      event.preventDefault();
      point.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    } else return;
    event.preventDefault(); // the arrows never scroll the page or step the review from the board
    if (to) {
      rove(wrap, to);
      to.focus();
    }
  });
})();
