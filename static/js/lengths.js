// Length limits are told, never enforced by cutting: a field with data-max-length counts what is left in the
// element named "<field id>-length" (the server refuses a longer text, and the form keeps it to be shortened).
(function () {
  function count(field) {
    var max = parseInt(field.dataset ? field.dataset.maxLength : "", 10);
    var note = max && document.getElementById(field.id + "-length");
    if (!note || !field.value) return;
    var left = max - field.value.length;
    note.textContent =
      left >= 0 ? left + " of " + max + " characters left." : -left + " characters too many: shorten it to send it.";
    note.classList.toggle("error", left < 0);
  }
  document.addEventListener("input", function (event) {
    count(event.target);
  });
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("[data-max-length]").forEach(count);
  });
})();
