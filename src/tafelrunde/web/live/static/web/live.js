// Keep a tournament's page up to date by itself. The page's <body> names the tournament's
// event stream (data-live-stream) and the revision it shows (data-live-revision). On each
// change the page is fetched again and every region marked data-live (with an id) is
// replaced, except one in which somebody is filling in a form: that one waits until the
// form is sent or left untouched, and a note says that there is news.
// With data-live-manual the page refreshes itself on the event "tafelrunde:live".
// While the stream is down (a few seconds without a connection, or the device offline) the
// notice #live-lost shows and every clock (data-clock-elapsed) says it may be behind.
// The messages of the last answer ("Saved: …") go once the page shows a changed state.
// A page made for one visitor (a player's pass) names what it shows (data-live-key): the
// server answers "204 No Content" while that is unchanged, so a change elsewhere costs little.
// A page shared by every visitor names a digest of what it shows in its answer's header
// X-Tafelrunde-Digest; sent back with the next fetch, it brings "204" while that is the same.
// A page without a stream (data-live-poll: seconds) asks that way now and then instead,
// while it is visible, and takes the change in place.
(function () {
  "use strict";
  var body = document.body;
  var url = body && body.dataset.liveStream;
  var poll = body && !url ? Number(body.dataset.livePoll || 0) : 0;
  if (!poll && (!url || !window.EventSource)) {
    return;
  }
  var revision = body.dataset.liveRevision || "";
  var version = "";  // of the last change told of (none yet: the page as loaded)
  var digest = "";  // of the page last fetched, once every region shows it (none: as loaded)
  var source = null;
  var busy = false;
  var again = false;
  var waiting = false;
  var RETRY_MS = 3000;  // after a failed fetch of the page
  var leaving = false;
  var DOWN_AFTER_MS = 4000;  // a stream ending on time is open again within a second or three
  var downTimer = null;
  var down = false;
  var REFUSED_FIRST_MS = 3000;  // a refused stream is tried again after about this,
  var REFUSED_MOST_MS = 60000;  // then twice as long each time, up to about a minute
  var refusedWait = REFUSED_FIRST_MS;

  function hintClocks() {
    var notice = document.getElementById("live-lost");
    var words = notice ? notice.getAttribute("data-clock-hint") : "";
    var clocks = document.querySelectorAll("[data-clock-elapsed]");
    for (var i = 0; i < clocks.length; i++) {
      var hint = clocks[i].querySelector(".clock-behind");
      if (down && !hint && words) {
        hint = document.createElement("span");
        hint.className = "clock-behind";
        hint.textContent = words;
        clocks[i].appendChild(hint);
      } else if (!down && hint) {
        hint.remove();
      }
    }
  }

  function lost(isDown) {
    window.clearTimeout(downTimer);
    downTimer = null;
    down = isDown;
    body.classList.toggle("live-down", isDown);
    var notice = document.getElementById("live-lost");
    if (notice) {
      notice.hidden = !isDown;
    }
    hintClocks();
  }

  function maybeLost() {
    if (!down && downTimer === null) {
      downTimer = window.setTimeout(function () { lost(true); }, DOWN_AFTER_MS);
    }
  }

  function connect() {
    source = new EventSource(url + "?rev=" + encodeURIComponent(revision));
    source.onopen = function () {
      refusedWait = REFUSED_FIRST_MS;
      lost(false);
    };
    source.addEventListener("change", function (e) {
      var data = JSON.parse(e.data);
      if (data.revision === revision) {
        return;
      }
      revision = data.revision;
      version = String(data.version);
      body.dataset.liveRevision = revision;
      document.dispatchEvent(new CustomEvent("tafelrunde:live", { detail: data }));
      if (!body.hasAttribute("data-live-manual")) {
        refresh();
      }
    });
    source.addEventListener("gone", function () {
      // deleted: say so (a reload here could cut short the deleting page's own navigation)
      source.close();
      var gone = document.getElementById("live-gone");
      if (gone) {
        gone.hidden = false;
      } else {
        window.location.reload();
      }
    });
    source.onerror = function () {
      // the browser reconnects by itself unless the server refused (too many open pages,
      // or it is restarting); then try again later, waiting longer each time, spread out
      // so that a hall of refused pages does not come back all at once
      maybeLost();
      if (source.readyState === EventSource.CLOSED) {
        var wait = refusedWait * (0.5 + Math.random());
        refusedWait = Math.min(refusedWait * 2, REFUSED_MOST_MS);
        window.setTimeout(connect, wait);
      }
    };
  }

  function changed(field) {
    if (field.type === "hidden" || field.type === "submit" || field.type === "button") {
      return false;
    }
    if (field.type === "checkbox" || field.type === "radio") {
      return field.checked !== field.defaultChecked;
    }
    if (field.tagName === "SELECT") {
      var marked = false;
      for (var i = 0; i < field.options.length; i++) {
        marked = marked || field.options[i].defaultSelected;
      }
      if (!marked && !field.multiple) {
        // nothing pre-selected: the browser shows the first option it may; only another counts
        var first = 0;
        while (first < field.options.length && field.options[first].disabled) {
          first++;
        }
        return field.selectedIndex !== first && field.selectedIndex !== -1;
      }
      for (var k = 0; k < field.options.length; k++) {
        if (field.options[k].selected !== field.options[k].defaultSelected) {
          return true;
        }
      }
      return false;
    }
    return field.value !== field.defaultValue;
  }

  function inUse(region) {
    var active = document.activeElement;
    if (active && active !== body && region.contains(active) &&
        active.matches("input, select, textarea")) {
      return true;
    }
    var fields = region.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i++) {
      if (changed(fields[i])) {
        return true;
      }
    }
    return false;
  }

  function outer(region) {
    // the regions inside this one that are not inside another region within it
    var all = region.querySelectorAll("[data-live][id]");
    var top = [];
    for (var i = 0; i < all.length; i++) {
      if (all[i].parentElement.closest("[data-live][id]") === region) {
        top.push(all[i]);
      }
    }
    return top;
  }

  function swap(old, fresh) {
    if (!inUse(old)) {
      old.replaceWith(fresh);
      if (window.htmx) {
        window.htmx.process(fresh);
      }
      return true;
    }
    var done = true;
    var inner = outer(old);
    if (!inner.length) {
      return false;
    }
    for (var i = 0; i < inner.length; i++) {
      var next = fresh.querySelector("#" + CSS.escape(inner[i].id));
      done = (next ? swap(inner[i], next) : false) && done;
    }
    return done;
  }

  function note(show) {
    var el = document.getElementById("live-note");
    if (el) {
      el.hidden = !show;
    }
  }

  function words(el) {
    return el.textContent.replace(/\s+/g, " ").trim();
  }

  function forget() {
    // what the last answer said ("Saved: …") was about the page before this change
    var told = document.querySelectorAll("ul.messages");
    for (var i = 0; i < told.length; i++) {
      told[i].remove();
    }
  }

  function refresh() {
    if (leaving) {
      return;  // a form was sent or a link followed: the next page shows the news
    }
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    again = false;
    // the change this page was told of: a copy the server keeps of it (or a newer) will do
    var headers = { "X-Tafelrunde-Live": "1", "X-Tafelrunde-Revision": revision + " " + version };
    var fetched = "";  // the digest the answer names
    // a page made for one visitor names what it shows: "204 No Content" if that is unchanged
    var seen = document.querySelector("[data-live-key]");
    if (seen) {
      headers["X-Tafelrunde-Seen"] = seen.getAttribute("data-live-key");
    }
    if (digest) {
      headers["X-Tafelrunde-Digest"] = digest;
    }
    fetch(window.location.href, {
      headers: headers,
      credentials: "same-origin",
      cache: "no-store"
    }).then(function (answer) {
      if (!answer.ok) {
        throw new Error(String(answer.status));
      }
      fetched = answer.headers.get("X-Tafelrunde-Digest") || "";
      return answer.status === 204 ? "" : answer.text();
    }).then(function (html) {
      if (!html) {
        waiting = false;  // nothing this page shows has changed
        note(false);
        return;
      }
      var doc = new DOMParser().parseFromString(html, "text/html");
      var regions = document.querySelectorAll("[data-live][id]");
      var all = true;
      var moved = false;
      for (var i = 0; i < regions.length; i++) {
        var region = regions[i];
        if (!region.isConnected || region.parentElement.closest("[data-live][id]")) {
          continue;
        }
        var fresh = doc.getElementById(region.id);
        if (fresh) {
          moved = moved || words(region) !== words(fresh);
          all = swap(region, document.adoptNode(fresh)) && all;
        }
      }
      if (moved && all) {
        forget();
      }
      digest = all ? fetched : "";  // a region still waiting: the next fetch brings it all
      waiting = !all;
      note(waiting);
      document.dispatchEvent(new CustomEvent("tafelrunde:swapped"));
    }).catch(function () {
      if (poll) {
        return;  // the next time it asks will do
      }
      // offline or the server failed: the change is known, so try again until it is shown
      waiting = true;
      window.setTimeout(function () {
        if (waiting) {
          refresh();
        }
      }, RETRY_MS);
    }).then(function () {
      busy = false;
      if (again) {
        refresh();
      }
    });
  }

  // a form sent the ordinary way, or the page left: no more refreshes here
  window.addEventListener("submit", function (e) {
    if (!e.defaultPrevented && !(e.target && e.target.hasAttribute("hx-post"))) {
      leaving = true;
      window.setTimeout(function () {
        leaving = false;  // still here (e.g. the answer was a download): go on updating
      }, 10000);
    }
  });
  window.addEventListener("pagehide", function () {
    leaving = true;
  });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) {
      leaving = false;  // back from the browser's cache: this page is shown again
    }
  });

  // a form left untouched again (or its field left): bring in what waited
  document.addEventListener("focusout", function () {
    if (waiting) {
      window.setTimeout(function () {
        if (waiting) {
          refresh();
        }
      }, 200);
    }
  });
  window.addEventListener("offline", function () {
    lost(true);
  });
  window.addEventListener("online", function () {
    // a connection from before may be dead without knowing it: open a fresh one
    if (source && source.readyState !== EventSource.CLOSED) {
      source.close();
      connect();
    }
  });
  document.addEventListener("tafelrunde:swapped", hintClocks);
  var live = document.getElementById("live-note-refresh");
  if (live) {
    live.addEventListener("click", function () {
      window.location.reload();
    });
  }
  if (poll) {
    // spread out, so that the pages opened together do not all ask at once
    window.setInterval(function () {
      if (!document.hidden) {
        refresh();
      }
    }, poll * 1000 * (0.9 + 0.2 * Math.random()));
    return;
  }
  connect();
}());
