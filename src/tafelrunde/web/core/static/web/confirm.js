// Ask before a form with data-confirm="question" is sent, or before a button with
// data-confirm sends its form; declined, nothing is sent.
// (Instead of onsubmit="return confirm(...)": the pages carry no inline JavaScript.)
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!(form instanceof HTMLFormElement)) {
    return;
  }
  var button = event.submitter;
  var question = button && button.hasAttribute("data-confirm")
    ? button.dataset.confirm
    : form.dataset.confirm;
  if (!question) {
    return;
  }
  if (!window.confirm(question)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);
