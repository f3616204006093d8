// Fills the sign-up form's hidden time zone field with the browser's own zone (a guess the player
// can change in their settings). A static file, because the Content-Security-Policy forbids inline scripts.
document.addEventListener("DOMContentLoaded", function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (error) { return; }
  if (!zone) { return; }
  document.querySelectorAll("input[data-guess-zone]").forEach(function (input) {
    if (!input.value) { input.value = zone; }
  });
});
