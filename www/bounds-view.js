// The bounds view (not built yet).
export function mount(root) {
  const p = document.createElement('p');
  p.textContent = 'Coming soon.';
  root.append(p);
  return { unmount() {} };
}
