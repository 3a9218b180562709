// The embedded player (/embed/games/{id}): the board picture at the slider's version, the
// spectator's view (no token is ever sent), following new moves while the game runs.
const body = document.body;
const game = body.dataset.game;
const lang = body.dataset.lang;
const board = document.getElementById('board');
const slider = document.getElementById('slider');
const out = document.getElementById('at');
const open = document.getElementById('open');

// A game hidden from spectators shows a sentence until it ends; at its end the page shows the game.
if (body.dataset.hidden === 'true') {
  const stream = new EventSource(`/api/v1/games/${game}/stream`);
  stream.addEventListener('end', () => {
    stream.close();
    location.reload();
  });
}

function show(at) {
  slider.value = String(at);
  out.textContent = `${at} / ${slider.max}`;
  board.src = `/api/v1/games/${game}/board.svg?at=${at}&lang=${lang}`;
  open.href = `/games/${game}${Number(at) === Number(slider.max) ? '' : `?at=${at}`}`;
}

slider?.addEventListener('input', () => show(Number(slider.value)));
document.addEventListener('keydown', (e) => {
  if (!slider) return;
  if (e.key === 'ArrowLeft' && Number(slider.value) > 0) show(Number(slider.value) - 1);
  if (e.key === 'ArrowRight' && Number(slider.value) < Number(slider.max)) show(Number(slider.value) + 1);
});

// Live while the game runs: each move widens the slider, and a viewer at the end follows it.
if (slider && (body.dataset.status === 'active' || body.dataset.status === 'waiting')) {
  const stream = new EventSource(`/api/v1/games/${game}/stream`);
  const grow = (version) => {
    if (typeof version !== 'number' || version <= Number(slider.max)) return;
    const following = Number(slider.value) === Number(slider.max);
    slider.max = String(version);
    if (following) show(version);
    else out.textContent = `${slider.value} / ${slider.max}`;
  };
  stream.addEventListener('game', (e) => grow(JSON.parse(e.data).version));
  stream.addEventListener('move', (e) => grow(JSON.parse(e.data).version));
  stream.addEventListener('end', () => stream.close());
}
