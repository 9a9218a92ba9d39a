// The solver view (placeholder): solves the URL's board and shows its score.
export function mount(root, { engine, params }) {
  root.innerHTML = `<p>Score: <span data-testid="score">…</span>, words: <span data-testid="word-count">…</span></p>
    <p data-testid="error" hidden></p>`;
  const $ = (id) => root.querySelector(`[data-testid="${id}"]`);
  engine
    .call('solve', { board: params.get('board') ?? 'perslatgsineters', size: params.get('dims') })
    .then(
      (r) => {
        $('score').textContent = r.score;
        $('word-count').textContent = r.words.length;
      },
      (e) => {
        $('error').hidden = false;
        $('error').textContent = e.message;
      },
    );
  return { unmount() {} };
}
