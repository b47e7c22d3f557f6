// Print pages: the button opens the browser's print dialogue (no inline JavaScript).
(function () {
  "use strict";
  var buttons = document.querySelectorAll("[data-print]");
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener("click", function () {
      window.print();
    });
  }
}());
