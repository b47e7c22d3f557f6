// Let the table clocks of the knockout run on the page, from the server's time. A clock is
// an element with data-clock-elapsed (seconds its table had run when the page was made)
// and maybe data-clock-sharp (seconds after which games are sharp). Inside it,
// data-clock-minutes shows the whole minutes, data-clock-time m:ss, data-clock-countdown
// m:ss left until sharp; data-clock-before-sharp shows only before, data-clock-after-sharp
// only from then on. Clocks inside an element with data-made-at (the server's epoch seconds
// when they were read) and data-served-at (the server's time when that copy was served)
// have run the difference more. Nothing is asked of the server.
(function () {
  "use strict";
  var clocks = [];

  function twoDigits(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function mss(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    return Math.floor(s / 60) + ":" + twoDigits(s % 60);
  }

  /* Seconds between when a kept copy's clocks were read and when it was served (0: fresh). */
  function since(el) {
    var copy = el.closest("[data-made-at]");
    if (!copy) {
      return 0;
    }
    var lag = parseFloat(copy.dataset.servedAt) - parseFloat(copy.dataset.madeAt);
    return isFinite(lag) && lag > 0 ? lag : 0;
  }

  function scan() {
    clocks = [];
    var now = performance.now();
    var found = document.querySelectorAll("[data-clock-elapsed]");
    for (var i = 0; i < found.length; i++) {
      var el = found[i];
      var elapsed = parseFloat(el.dataset.clockElapsed);
      if (!isFinite(elapsed)) {
        continue;
      }
      var sharp = parseFloat(el.dataset.clockSharp);
      elapsed += since(el);
      clocks.push({ el: el, start: now - elapsed * 1000, sharp: isFinite(sharp) ? sharp : null });
    }
    tick();
  }

  function each(el, selector, fn) {
    var found = el.querySelectorAll(selector);
    for (var i = 0; i < found.length; i++) {
      fn(found[i]);
    }
  }

  function tick() {
    var now = performance.now();
    for (var i = 0; i < clocks.length; i++) {
      var c = clocks[i];
      var run = (now - c.start) / 1000;
      var isSharp = c.sharp !== null && run >= c.sharp;
      each(c.el, "[data-clock-minutes]", function (e) { e.textContent = String(Math.floor(run / 60)); });
      each(c.el, "[data-clock-time]", function (e) { e.textContent = mss(run); });
      if (c.sharp !== null) {
        each(c.el, "[data-clock-countdown]", function (e) { e.textContent = mss(c.sharp - run); });
        each(c.el, "[data-clock-before-sharp]", function (e) { e.hidden = isSharp; });
        each(c.el, "[data-clock-after-sharp]", function (e) { e.hidden = !isSharp; });
        c.el.classList.toggle("is-sharp", isSharp);
      }
    }
  }

  document.addEventListener("DOMContentLoaded", scan);
  document.addEventListener("tafelrunde:swapped", scan);
  window.setInterval(tick, 1000);
  if (document.readyState !== "loading") {
    scan();
  }
}());
