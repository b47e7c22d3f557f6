// Known persons offered while a player's name is typed: the line being typed is looked up,
// and a tap on a person puts that name in its place.
(function () {
  "use strict";
  const url = document.body.dataset.suggestUrl;
  if (!url) return;

  function line(field) {
    const text = field.value;
    const at = field.selectionStart === null ? text.length : field.selectionStart;
    const start = text.lastIndexOf("\n", at - 1) + 1;
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    return { start: start, end: end, text: text.slice(start, end) };
  }

  function attach(field) {
    const box = document.createElement("div");
    box.className = "suggestions";
    box.setAttribute("aria-live", "polite");
    field.insertAdjacentElement("afterend", box);
    let timer = null;
    let asked = "";

    function ask() {
      const typed = line(field).text.trim();
      if (typed === asked) return;
      asked = typed;
      if (typed.length < 2) {
        box.innerHTML = "";
        return;
      }
      fetch(url + "?q=" + encodeURIComponent(typed), { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : ""; })
        .then(function (html) { if (asked === typed) box.innerHTML = html; })
        .catch(function () { box.innerHTML = ""; });
    }

    field.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 200);
    });
    box.addEventListener("click", function (event) {
      const chip = event.target.closest("button[data-name]");
      if (!chip) return;
      const where = line(field);
      const name = chip.dataset.name;
      field.value = field.value.slice(0, where.start) + name + field.value.slice(where.end);
      const caret = where.start + name.length;
      field.focus();
      field.setSelectionRange(caret, caret);
      asked = name;
      box.innerHTML = "";
    });
  }

  document.querySelectorAll("[data-suggest]").forEach(attach);
})();
