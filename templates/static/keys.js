// Arrow keys, Home and End step through a game's board (the links #prev, #next, #first, #last).
document.addEventListener('keydown', function (e) {
  if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA' || e.target.tagName === 'SELECT')) return;
  var id = {ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last'}[e.key];
  var a = id && document.getElementById(id);
  if (a) { e.preventDefault(); window.location.href = a.href; }
});
