import { h } from './api.js';
import { t } from './i18n.js';

// The board picture as a place to play: every element with data-notations (the server marks the
// elements each legal move is played on) becomes a button; one move plays at once, several open a
// small chooser next to it, each of its buttons carrying data-notation.

let handlers = {};

/** Makes the picture's targets clickable and reachable by keyboard, named by their moves' words. */
export function mountBoard(box, lm, on) {
  handlers = on;
  const words = (n) => (lm ? (lm.labels?.[lm.notations.indexOf(n)] ?? n) : n);
  if (!lm) return;
  for (const el of box.querySelectorAll('[data-notations]')) {
    const list = el.dataset.notations.split('|');
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', list.length === 1 ? words(list[0]) : t('board.several', { count: list.length, first: words(list[0]) }));
    el.setAttribute('aria-haspopup', list.length > 1 ? 'dialog' : 'false');
  }
}

function activate(el, point) {
  const list = el.dataset.notations.split('|');
  if (list.length === 1) handlers.onPlay?.(list[0]);
  else handlers.onChoose?.(list, point ?? el.getBoundingClientRect());
}

document.addEventListener('click', (e) => {
  const el = e.target instanceof Element ? e.target.closest('#board [data-notations]') : null;
  if (el) {
    e.preventDefault();
    activate(el, { left: e.clientX, top: e.clientY, right: e.clientX, bottom: e.clientY });
    return;
  }
  const chooser = document.getElementById('chooser');
  if (!chooser.hidden && !(e.target instanceof Element && e.target.closest('#chooser'))) closeChooser();
});
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  const el = e.target instanceof Element ? e.target.closest('#board [data-notations]') : null;
  if (!el) return;
  e.preventDefault();
  activate(el, el.getBoundingClientRect());
});

/** Opens the chooser near `anchor` with one button per move. */
export function openChooser(anchor, moves, play) {
  const box = document.getElementById('chooser');
  document
    .getElementById('chooser-list')
    .replaceChildren(
      ...moves.map((m) =>
        h(
          'button',
          { type: 'button', class: 'choice', 'data-notation': m.notation, onclick: () => play(m.notation) },
          h('span', { class: 'words' }, m.label),
          m.shown ? h('small', { class: 'notation' }, m.shown) : null,
        ),
      ),
    );
  box.hidden = false;
  // Next to the click, kept on screen; on a narrow screen, along the bottom.
  const narrow = window.innerWidth < 600;
  box.classList.toggle('sheet', narrow);
  if (!narrow) {
    const r = box.getBoundingClientRect();
    const left = Math.min(Math.max(8, anchor.left), window.innerWidth - r.width - 8);
    const below = anchor.bottom + 8;
    const top = below + r.height < window.innerHeight - 8 ? below : Math.max(8, anchor.top - r.height - 8);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  } else {
    box.style.left = '';
    box.style.top = '';
  }
  box.querySelector('button.choice')?.focus();
}

export function closeChooser() {
  const box = document.getElementById('chooser');
  if (box && !box.hidden) box.hidden = true;
}
