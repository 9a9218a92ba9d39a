// Asking before what cannot be undone (forgetting saved progress or saved boards): a small modal
// dialog, so the question is read first, Escape or Cancel keeps everything, and the focus goes
// back to the button that asked.
import { el } from './dom.js';

/** Dialogs made so far: each gets ids of its own for its name and description. */
let asked = 0;

/**
 * Shows `title` and `text` with the buttons Cancel (focused) and `yes`; resolves true when `yes`
 * is pressed, false when the dialog is cancelled or closed.
 * @param {{title: string, text: string, yes: string}} question
 * @returns {Promise<boolean>}
 */
export function confirmAction({ title, text, yes }) {
  const id = `confirm-${++asked}`;
  const back = document.activeElement;
  const yesButton = el('button', { type: 'button', className: 'primary', dataset: { testid: 'confirm-yes' } }, [yes]);
  const noButton = el('button', { type: 'button', className: 'secondary', dataset: { testid: 'confirm-no' } }, ['Cancel']);
  const dialog = el('dialog', { className: 'confirm-dialog', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-text` }, [
    el('h2', { id: `${id}-title` }, [title]),
    el('p', { id: `${id}-text` }, [text]),
    el('div', { className: 'buttons' }, [noButton, yesButton]),
  ]);
  return new Promise((resolve) => {
    let answer = false;
    yesButton.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    noButton.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (back instanceof HTMLElement && back.isConnected) back.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    noButton.focus();
  });
}
