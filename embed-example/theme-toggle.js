// The blog's own light/dark switch; the widgets notice the change and follow it.
(() => {
  const button = document.querySelector('.theme-toggle');
  const root = document.documentElement;
  const dark = () => root.dataset.theme === 'dark' || (!root.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches);
  const label = () => (button.textContent = dark() ? 'Light' : 'Dark');
  button.hidden = false;
  label();
  button.addEventListener('click', () => {
    root.dataset.theme = dark() ? 'light' : 'dark';
    label();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', label);
})();
