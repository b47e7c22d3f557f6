// The new-tournament form: the fields only format D uses are shown only while a format-D
// preset is chosen (or an own ruleset file, whose format is not known before it is read).
// Without JavaScript they stay visible under their heading; the server ignores or refuses
// them for the other formats.
(function () {
  "use strict";

  function setUp() {
    var select = document.getElementById("id_preset");
    var only = document.getElementById("ko-only");
    if (!select || !only) {
      return;
    }
    var knockout = (select.getAttribute("data-knockout") || "").split(" ");
    function update() {
      var value = select.value;
      only.hidden = value !== "" && knockout.indexOf(value) < 0;
    }
    select.addEventListener("change", update);
    update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
