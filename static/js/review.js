// Review: the move list keeps the position shown in sight (the latest move, in a long game), and the left and
// right arrow keys step through the positions (not while typing, nor on the board, whose points take the keys).
(function () {
  function follow() {
    document.querySelectorAll(".history .moves").forEach(function (box) {
      var item = box.querySelector("li.current") || box.querySelector("li:last-child");
      if (item) box.scrollTop = item.offsetTop - box.clientHeight / 2 + item.offsetHeight / 2;
    });
  }
  document.addEventListener("DOMContentLoaded", follow);
  document.addEventListener("htmx:afterSettle", follow);
  var steps = { ArrowLeft: "previous", ArrowRight: "next" };
  document.addEventListener("keydown", function (event) {
    var step = steps[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable], .board-wrap")) return;
    var link = document.querySelector('.history a[data-step="' + step + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });
})();
