// A refused form puts the focus on its first field in error (unless the page has put it
// elsewhere), so the keyboard and a screen reader start where the correction is made.
document.addEventListener("DOMContentLoaded", function () {
  if (document.activeElement && document.activeElement !== document.body) return;
  var field = document.querySelector("main [aria-invalid='true']");
  var refused = document.querySelector("main .errorlist");
  var form = refused && refused.closest("form");
  if (!field && form) field = form.querySelector("input:not([type=hidden]), select, textarea");
  if (field) field.focus();
});
