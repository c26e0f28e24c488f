// The desk's preview follows the text: a moment after typing stops (or the kind or the move
// changes), the form's text is read by the server (POST /desk/preview, which stores nothing) and
// the preview beside the text is replaced by what it answers. Without this script the Preview
// button does the same by posting the form.
(function () {
  var form = document.getElementById('desk-form');
  var out = document.getElementById('desk-preview');
  if (!form || !out) return;
  var timer = null;
  var asked = 0;
  function refresh() {
    var mine = ++asked;
    var data = new URLSearchParams();
    ['text', 'kind', 'ply'].forEach(function (n) {
      var e = form.elements[n];
      if (e) data.append(n, e.value);
    });
    fetch('/desk/preview', {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded'},
      body: data.toString()
    }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      // an older answer that arrives after a newer one is dropped
      if (html !== null && mine === asked) {
        out.innerHTML = html;
        out.setAttribute('data-fresh', String(mine));
      }
    }).catch(function () {});
  }
  function later() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(refresh, 400);
  }
  form.elements.text.addEventListener('input', later);
  form.elements.kind.addEventListener('change', refresh);
  form.elements.ply.addEventListener('input', later);
})();
