/* The projector (Beamer): shows one slide at a time and moves on by itself; when the
   tournament changes (the live event) it fetches the slides again and swaps them in,
   keeping its place and its timer. A kiosk screen: the one thing to press pauses the
   rotation (a button in the corner, the space bar or P) and resumes it. The slides' answer
   names a digest of what they show (X-Tafelrunde-Digest); sent back with the next fetch, it
   brings "204 No Content" while the slides are the same (a change they do not show). */
(function () {
  "use strict";

  var body = document.body;
  var url = body.getAttribute("data-slides-url");
  var pageBox = document.getElementById("projector-page");
  var clockBox = document.getElementById("projector-clock");
  var pauseButton = document.getElementById("projector-pause");
  var pausedBox = document.getElementById("projector-paused");
  var paused = false;
  var current = null; // the key of the slide on show
  var timer = null;
  var fetching = false;
  var fetchAgain = false;
  var told = ""; // a change the stream told of and no fetch asked for yet ("revision version")
  var digest = ""; // of the slides on show (none yet: those the page came with)
  var serverMs = 0; // the server's time (epoch milliseconds) at serverAt
  var serverAt = 0; // performance.now() then; 0: not known (the page's own text stays)
  var clockFormat = timeFormat(body.getAttribute("data-time-zone"));
  var SAFETY_REFRESH = 60000; // fetch again now and then, should a change have been missed

  function box() {
    return document.getElementById("slides");
  }

  function slides() {
    return Array.prototype.slice.call(box().querySelectorAll("[data-slide-key]"));
  }

  function seconds() {
    var s = parseInt(box().getAttribute("data-seconds"), 10);
    return isFinite(s) && s >= 1 ? s : 12;
  }

  function kindOf(key) {
    return String(key).replace(/-\d+$/, "");
  }

  /* Show the slide with this key; else the first of its kind; else the one at `fallback`. */
  function show(key, fallback) {
    var all = slides();
    if (!all.length) {
      return;
    }
    var keys = all.map(function (s) { return s.getAttribute("data-slide-key"); });
    var at = keys.indexOf(key);
    if (at < 0) {
      at = keys.map(kindOf).indexOf(kindOf(key));
    }
    if (at < 0) {
      at = Math.min(Math.max(fallback || 0, 0), all.length - 1);
    }
    all.forEach(function (s, i) { s.hidden = i !== at; });
    current = keys[at];
    if (pageBox) {
      pageBox.textContent = (at + 1) + "/" + all.length;
    }
  }

  /* The slide on show is the one not hidden (so the page itself is the truth). */
  function position() {
    var all = slides();
    for (var i = 0; i < all.length; i += 1) {
      if (!all[i].hidden) {
        current = all[i].getAttribute("data-slide-key");
        return i;
      }
    }
    return -1;
  }

  function advance() {
    var all = slides();
    if (all.length) {
      var next = (position() + 1) % all.length;
      show(all[next].getAttribute("data-slide-key"), next);
    }
    schedule();
  }

  function schedule() {
    window.clearTimeout(timer);
    if (!paused) {
      timer = window.setTimeout(advance, seconds() * 1000);
    }
  }

  /* Pause the rotation or let it go on (the slide on show then stays its full time). */
  function setPaused(on) {
    paused = on;
    body.classList.toggle("paused", on);
    if (pauseButton) {
      pauseButton.setAttribute("aria-pressed", on ? "true" : "false");
    }
    if (pausedBox) {
      pausedBox.textContent = pausedBox.getAttribute(on ? "data-said-paused" : "data-said-running");
      pausedBox.classList.toggle("quiet", !on); // heard, not shown, once it runs again
    }
    schedule();
  }

  if (pauseButton) {
    pauseButton.addEventListener("click", function () { setPaused(!paused); });
  }
  document.addEventListener("keydown", function (event) {
    var key = event.key;
    var onButton = event.target instanceof Element && event.target.closest("button");
    if (event.ctrlKey || event.metaKey || event.altKey || (key === " " && onButton)) {
      return; // a focused button takes the space bar itself (its click)
    }
    if (key === " " || key === "p" || key === "P") {
      event.preventDefault();
      setPaused(!paused);
    }
  });

  /* Hours and minutes (00:00 to 23:59) in the server's time zone, not the projector's. */
  function timeFormat(zone) {
    var lang = document.documentElement.lang || undefined;
    var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    try {
      return new Intl.DateTimeFormat(lang, Object.assign({ timeZone: zone || undefined }, options));
    } catch (e) {
      return new Intl.DateTimeFormat(lang, options); // a zone this browser does not know
    }
  }

  /* The server's time from the slides fetched last: when they were served (the answer's
     Date header), else when they were made. */
  function syncClock() {
    var b = box();
    var served = parseFloat(b.getAttribute("data-served-at"));
    if (!isFinite(served)) {
      served = parseFloat(b.getAttribute("data-made-at"));
    }
    if (isFinite(served)) {
      serverMs = served * 1000;
      serverAt = performance.now();
    }
    tick();
  }

  function tick() {
    if (!clockBox || !serverAt) {
      return;
    }
    clockBox.textContent = clockFormat.format(new Date(serverMs + performance.now() - serverAt));
  }

  /* The cards of a slide fit it: none cut off at its foot or inside, and no more names
     wrapped onto a second line than at the normal size. */
  function fitsAt(slide, cards, wrapped) {
    var foot = slide.getBoundingClientRect().bottom + 0.5;
    for (var i = 0; i < cards.length; i += 1) {
      var c = cards[i];
      if (c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1 ||
          c.getBoundingClientRect().bottom > foot) {
        return false;
      }
    }
    return wrapped === undefined || wrappedNames(slide) <= wrapped;
  }

  function wrappedNames(slide) {
    var names = slide.querySelectorAll(".names li, .ko-seat .name");
    var n = 0;
    for (var i = 0; i < names.length; i += 1) {
      var line = parseFloat(getComputedStyle(names[i]).lineHeight);
      n += names[i].getBoundingClientRect().height > 1.5 * line ? 1 : 0;
    }
    return n;
  }

  /* The largest factor in [low, high] at which `fits` holds (low if none does): a few
     halvings, each setting the custom property `name` on `el`. */
  function largest(el, name, low, high, fits) {
    for (var i = 0; i < 7; i += 1) {
      var mid = (low + high) / 2;
      el.style.setProperty(name, String(mid));
      if (fits()) {
        low = mid;
      } else {
        high = mid;
      }
    }
    el.style.setProperty(name, String(low));
    return low;
  }

  /* A slide of lists or tables fits: nothing beyond its foot or its right edge. */
  function listFits(slide) {
    return slide.scrollHeight <= slide.clientHeight + 1 && slide.scrollWidth <= slide.clientWidth + 1;
  }

  /* Scale the cards' text (--fit) to use the screen: as large as fits, smaller only if the
     normal size does not fit (never below MIN_FIT, still readable from afar). A slide of
     lists or tables (long names wrap there) only shrinks, down to MIN_LIST_FIT. */
  var MIN_FIT = 0.7;
  var MAX_FIT = 1.6;
  var MIN_LIST_FIT = 0.6;
  function fit(slide) {
    var cards = slide.querySelectorAll(".cards > .card");
    slide.style.setProperty("--fit", "1");
    if (!cards.length) {
      if (!listFits(slide)) {
        largest(slide, "--fit", MIN_LIST_FIT, 1, function () { return listFits(slide); });
      }
      return;
    }
    if (!fitsAt(slide, cards)) {
      largest(slide, "--fit", MIN_FIT, 1, function () { return fitsAt(slide, cards); });
      return;
    }
    var wrapped = wrappedNames(slide);
    slide.style.setProperty("--fit", String(MAX_FIT));
    if (!fitsAt(slide, cards, wrapped)) {
      largest(slide, "--fit", 1, MAX_FIT, function () { return fitsAt(slide, cards, wrapped); });
    }
  }

  /* The tournament's name in the corner: on one line, made smaller as far as need be; two
     lines at the smallest. */
  function fitName() {
    var name = document.querySelector(".corner-name");
    if (!name) {
      return;
    }
    var fits = function () { return name.scrollWidth <= name.clientWidth + 1; };
    name.classList.remove("wraps");
    name.style.setProperty("--name-fit", "1");
    if (!fits() && largest(name, "--name-fit", 0.6, 1, fits) === 0.6 && !fits()) {
      name.classList.add("wraps");
    }
  }

  /* Fit every slide, each measured while it alone is shown (in one go: nothing is painted). */
  function fitAll() {
    var all = slides();
    var was = all.map(function (s) { return s.hidden; });
    all.forEach(function (s) {
      all.forEach(function (o) { o.hidden = o !== s; });
      fit(s);
    });
    all.forEach(function (s, i) { s.hidden = was[i]; });
  }

  function theme() {
    var wanted = box().getAttribute("data-theme") === "light" ? "theme-light" : "theme-dark";
    body.classList.remove("theme-light", "theme-dark");
    body.classList.add(wanted);
  }

  /* The revision whose slides are on show (none: unchanged). */
  function shows(revision) {
    if (revision) {
      box().setAttribute("data-revision", revision);
      body.setAttribute("data-live-revision", revision);
    }
  }

  /* Swap in freshly fetched slides; the slide on show stays, the timer runs on. `date`:
     the server's time of the answer (epoch milliseconds, NaN: not said), read at `at`.
     Say whether there were slides to swap in. */
  function swap(html, date, at) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("slides");
    if (!fresh) {
      return false;
    }
    if (isFinite(date)) { // a copy made earlier: its clocks have run since (clock.js)
      fresh.setAttribute("data-served-at", ((date + performance.now() - at) / 1000).toFixed(3));
    }
    var was = position();
    box().replaceWith(document.importNode(fresh, true));
    fitAll();
    show(current, was);
    theme();
    syncClock();
    shows(box().getAttribute("data-revision") || "");
    document.dispatchEvent(new CustomEvent("tafelrunde:swapped", { detail: { source: "projector" } }));
    return true;
  }

  function refresh() {
    if (fetching) {
      fetchAgain = true; // one more after this one: the change may have come in between
      return;
    }
    fetching = true;
    // the change told of: a copy the server keeps of it (or of a newer one) will do; none
    // named on the safety refresh, which looks for a change that may have been missed
    var headers = told ? { "X-Tafelrunde-Revision": told } : {};
    var asked = told;
    told = "";
    if (digest) {
      headers["X-Tafelrunde-Digest"] = digest;
    }
    window.fetch(url, { cache: "no-store", credentials: "same-origin", headers: headers })
      .then(function (r) {
        if (!r.ok) {
          throw new Error("HTTP " + r.status);
        }
        var date = Date.parse(r.headers.get("Date") || ""); // the server's clock, fresh
        var at = performance.now(); // on every answer, a kept copy's too
        var named = r.headers.get("X-Tafelrunde-Digest") || "";
        if (r.status === 204) {
          return { same: true, date: date, at: at, digest: named };
        }
        return r.text().then(function (html) {
          return { html: html, date: date, at: at, digest: named };
        });
      })
      .then(function (got) {
        if (got.same) {
          shows(asked.split(" ")[0]); // the slides on show are those of the change told of
          if (isFinite(got.date)) { // the server's clock, fresh on this answer too
            serverMs = got.date;
            serverAt = got.at;
            tick();
          }
        } else if (!swap(got.html, got.date, got.at)) {
          got.digest = ""; // no slides came: the next fetch brings them whole
        }
        digest = got.digest;
        body.classList.remove("offline");
      })
      .catch(function () {
        body.classList.add("offline"); // the old slides stay; the next change tries again
      })
      .then(function () {
        fetching = false;
        if (fetchAgain) {
          fetchAgain = false;
          refresh();
        }
      });
  }

  document.addEventListener("tafelrunde:live", function (event) {
    var detail = event.detail || {};
    if (detail.revision && detail.revision === box().getAttribute("data-revision")) {
      return; // already shown
    }
    var revision = String(detail.revision || "");
    var version = String(detail.version);
    if (/^[0-9a-f]{1,64}$/.test(revision) && /^\d{1,12}$/.test(version)) {
      told = revision + " " + version;
    }
    refresh();
  });

  /* Keep the screen awake where the browser allows it (a kiosk runs for hours). */
  function stayAwake() {
    if (navigator.wakeLock && document.visibilityState === "visible") {
      navigator.wakeLock.request("screen").catch(function () { /* not allowed here */ });
    }
  }
  document.addEventListener("visibilitychange", stayAwake);

  window.addEventListener("resize", function () { fitAll(); fitName(); });
  fitAll();
  fitName();
  var first = slides()[0];
  show(first ? first.getAttribute("data-slide-key") : null, 0);
  refresh(); // the page is a kept copy: its first fetch tells the server's time (the clock)
  schedule();
  window.setInterval(tick, 1000);
  window.setInterval(refresh, SAFETY_REFRESH);
  stayAwake();
}());
