// Ask before a form with data-confirm="question" is sent; declined, nothing is sent.
// (Instead of onsubmit="return confirm(...)": the pages carry no inline JavaScript.)
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-confirm")) {
    return;
  }
  if (!window.confirm(form.dataset.confirm)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);
