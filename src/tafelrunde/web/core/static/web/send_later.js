// Keep what a phone sends while the hall's Wi-Fi is away, and send it once it is back.
// A form marked data-send-later (an entry, a "Correct", a roll-off, "I am here") gets a
// random key of its own when it is sent (the hidden field "key"); the action is kept in
// localStorage under that key until the server has answered it. When it cannot be sent
// (no connection, the server busy or restarting), the page says so (#send-later) and sends
// it again when the browser is online again, and else after a while, waiting longer each
// time; a page opened later sends what is still kept. The server takes each key once.
// Its answer: a redirect (taken, or refused in words on the next page) brings the page
// afresh; a page of its own (a form with its mistakes, a full disk, a link no longer valid)
// is shown as without this script for a form of this page; for an action kept from before,
// its words are said (#send-later-refused), or, when the server is busy, it is kept.
(function () {
  "use strict";
  var PREFIX = "tafelrunde:send-later:";
  var FIRST_MS = 2000;  // the first wait before sending again, doubled each time
  var MOST_MS = 30000;
  var wait = FIRST_MS;
  var timer = null;
  var busy = false;
  var forms = {};  // key -> the form of this page it came from (for its answer)

  function store() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  function kept() {
    var s = store();
    var items = [];
    if (!s) {
      return items;
    }
    for (var i = 0; i < s.length; i++) {
      var name = s.key(i);
      if (name && name.indexOf(PREFIX) === 0) {
        try {
          var item = JSON.parse(s.getItem(name));
          item.key = name.slice(PREFIX.length);
          items.push(item);
        } catch (e) {
          s.removeItem(name);
        }
      }
    }
    items.sort(function (a, b) { return a.at - b.at; });
    return items;
  }

  function drop(item) {
    var s = store();
    if (s) {
      s.removeItem(PREFIX + item.key);
    }
    delete forms[item.key];
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    var out = "";
    for (var i = 0; i < bytes.length; i++) {
      out += (bytes[i] + 256).toString(16).slice(1);
    }
    return out;
  }

  function words(el) {
    return el ? el.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function show() {
    var note = document.getElementById("send-later");
    if (!note) {
      return;
    }
    var waiting = kept().filter(function (item) { return item.waiting; });
    note.textContent = "";
    if (!waiting.length) {
      return;
    }
    var box = document.createElement("div");
    box.className = "send-later-box";
    var head = document.createElement("p");
    var strong = document.createElement("strong");
    strong.textContent = note.getAttribute("data-waiting");
    head.appendChild(strong);
    box.appendChild(head);
    var list = document.createElement("ul");
    waiting.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = item.label;
      list.appendChild(li);
    });
    box.appendChild(list);
    note.appendChild(box);
  }

  function refused(texts) {
    var alert = document.getElementById("send-later-refused");
    if (!alert || !texts.length) {
      return;
    }
    alert.textContent = "";
    texts.forEach(function (text) {
      var p = document.createElement("p");
      p.className = "send-later-box refused";
      p.textContent = text;
      alert.appendChild(p);
    });
  }

  function refusalOf(html) {
    // the words of an answer that is a page of its own: its errors, else its heading
    var doc = new DOMParser().parseFromString(html, "text/html");
    var found = doc.querySelectorAll(".errorlist li, ul.messages li.error");
    var said = [];
    for (var i = 0; i < found.length; i++) {
      said.push(words(found[i]));
    }
    return said.join(" ") || words(doc.querySelector("main h1"));
  }

  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(send, wait * (0.5 + Math.random()));
    wait = Math.min(wait * 2, MOST_MS);
  }

  function waitAgain(item) {
    // kept for later; say whether it was just sent from this page (the note comes into view)
    var s = store();
    if (!s || item.waiting) {
      return false;
    }
    item.waiting = true;
    var copy = Object.assign({}, item);
    delete copy.key;
    s.setItem(PREFIX + item.key, JSON.stringify(copy));
    return Boolean(forms[item.key]);
  }

  function send() {
    window.clearTimeout(timer);
    if (busy) {
      return;
    }
    var items = kept();
    if (!items.length) {
      show();
      return;
    }
    busy = true;
    var taken = false;
    var told = [];

    function next(k) {
      if (k >= items.length) {
        busy = false;
        wait = FIRST_MS;
        if (taken) {
          try {
            window.sessionStorage.setItem(PREFIX + "told", JSON.stringify(told));
          } catch (e) { /* shown on this page only */ }
          window.location.replace(window.location.href.split("#")[0]);
          return;
        }
        show();
        refused(told);
        if (kept().length) {
          send();  // sent meanwhile on this page
        }
        return;
      }
      var item = items[k];
      fetch(item.url, {
        method: "POST",
        body: item.body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        credentials: "same-origin",
        redirect: "manual",
        cache: "no-store"
      }).then(function (answer) {
        if (answer.type === "opaqueredirect" || (answer.status >= 300 && answer.status < 400)) {
          drop(item);
          taken = true;
          return next(k + 1);
        }
        var sent = forms[item.key];
        var here = sent && sent.form.isConnected && !taken;
        var later = answer.status === 429 || answer.status >= 500;
        if (answer.status === 502 || answer.status === 504 || (later && !here)) {
          throw new Error(String(answer.status));  // not reached, or busy: keep it for later
        }
        drop(item);
        if (here) {
          // a form of this page: its answer as without this script (its mistakes, a full
          // disk, …), sent once more with the same key (a refusal stored nothing)
          busy = false;
          setKey(sent.form, item.key);  // (a later tap on the same form made a key of its own)
          sent.form.sendNow = true;
          sent.form.requestSubmit(sent.button && sent.button.isConnected ? sent.button : null);
          return undefined;
        }
        return answer.text().then(function (html) {
          var said = refusalOf(html);
          if (said) {
            told.push(item.label + ": " + said);
          }
          return next(k + 1);
        });
      }).catch(function () {
        busy = false;
        var fresh = false;
        for (var i = k; i < items.length; i++) {
          fresh = waitAgain(items[i]) || fresh;
        }
        show();
        var note = document.getElementById("send-later");
        if (fresh && note && note.scrollIntoView) {
          note.scrollIntoView({ block: "center" });
        }
        refused(told);
        later();
      });
    }
    next(0);
  }

  function setKey(form, key) {
    var field = form.querySelector("input[name=key]");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "key";
      form.appendChild(field);
    }
    field.value = key;
  }

  function label(form, button) {
    var where = words(document.querySelector("main h1"));
    var what = [form.getAttribute("data-send-later"), button ? words(button) : ""];
    what = what.filter(function (x) { return x; }).join(" ");
    return where && what ? where + " · " + what : where || what;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var s = store();
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !s || form.sendNow ||
        !form.hasAttribute("data-send-later") || !window.fetch || !window.crypto) {
      return;
    }
    event.preventDefault();
    var button = event.submitter;
    var key = newKey();
    setKey(form, key);
    var data = new URLSearchParams(new FormData(form));
    if (button && button.name) {
      data.append(button.name, button.value);
    }
    // (the form's own address: form.action would be its field named "action")
    var url = new URL(form.getAttribute("action") || "", window.location.href).href;
    var item = { url: url.split("#")[0], body: data.toString(), label: label(form, button),
                 at: Date.now(), waiting: false };
    try {
      s.setItem(PREFIX + key, JSON.stringify(item));
    } catch (e) {
      form.sendNow = true;  // no room to keep it: send it as it is (once this event is over)
      window.setTimeout(function () { form.requestSubmit(button || null); }, 0);
      return;
    }
    forms[key] = { form: form, button: button };
    wait = FIRST_MS;
    send();
  });

  window.addEventListener("online", function () {
    wait = FIRST_MS;
    send();
  });
  document.addEventListener("tafelrunde:swapped", show);  // a live refresh replaced the note

  try {
    var before = JSON.parse(window.sessionStorage.getItem(PREFIX + "told") || "[]");
    window.sessionStorage.removeItem(PREFIX + "told");
    refused(before);
  } catch (e) { /* nothing kept */ }
  show();
  send();
}());
