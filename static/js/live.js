// Live updates: the nav's "your turn" count also leads the page title, as "(2) Lobby · Daymove".
document.addEventListener("htmx:afterSettle", function () {
  var link = document.getElementById("turn-count");
  if (!link) return;
  var count = parseInt(link.dataset.count, 10) || 0;
  var title = document.title.replace(/^\(\d+\) /, "");
  document.title = count ? "(" + count + ") " + title : title;
});
