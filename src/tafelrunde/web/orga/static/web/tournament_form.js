// The new-tournament form: the fields only format D uses are shown only while a format-D
// preset is chosen (or an own ruleset file, whose format is not known before it is read).
// Choosing a format-D preset fills in its admission, deadline and start, except a time the
// organiser changed; the hidden field "basis" tells the server whose times the fields show,
// so that a time left as shown stays the ruleset's own.
// Without JavaScript they stay visible under their heading with the shipped knockout's
// times; the server ignores or refuses them for the other formats.
(function () {
  "use strict";

  var TIMES = ["admission", "deadline", "start"];

  function setUp() {
    var select = document.getElementById("id_preset");
    var only = document.getElementById("ko-only");
    if (!select || !only) {
      return;
    }
    var knockout = (select.getAttribute("data-knockout") || "").split(" ");
    var times = JSON.parse(select.getAttribute("data-times") || "{}");
    var basis = document.getElementById("id_ko-basis");
    var shown = basis ? times[basis.value] || {} : {};
    TIMES.forEach(function (name) {
      var input = document.getElementById("id_ko-" + name);
      if (!input) {
        return;
      }
      if (input.value !== (shown[name] || "")) {
        input.setAttribute("data-edited", "");  // sent back changed: the organiser's
      }
      input.addEventListener("input", function () {
        input.setAttribute("data-edited", "");
      });
    });
    function fill() {
      var found = times[select.value];
      if (!found || !basis) {
        return;
      }
      TIMES.forEach(function (name) {
        var input = document.getElementById("id_ko-" + name);
        if (input && !input.hasAttribute("data-edited")) {
          input.value = found[name];
        }
      });
      basis.value = select.value;
    }
    function update() {
      var value = select.value;
      only.hidden = value !== "" && knockout.indexOf(value) < 0;
      only.disabled = only.hidden;  // nothing hidden is sent, so nothing hidden is refused
    }
    select.addEventListener("change", function () {
      fill();
      update();
    });
    update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
