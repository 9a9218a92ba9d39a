// Asking before what cannot be undone (forgetting saved progress or saved boards): a small modal
// dialog, so the question is read first, Escape or Cancel keeps everything, and the focus goes
// back to the button that asked. A question that events overtake (a round's time runs out while
// it asks whether to end the round) is withdrawn by its asker, who then places the focus.
import { el } from './dom.js';

/** Dialogs made so far: each gets ids of its own for its name and description. */
let asked = 0;

/**
 * Shows `title` and `text` with the buttons Cancel (focused) and `yes`; resolves true when `yes`
 * is pressed, false when the dialog is cancelled or closed. Aborting `signal` withdraws the
 * question: the dialog closes, the answer is false, and the focus is left to the caller (it does
 * not go back to the button that asked, which may be gone with what it asked about).
 * @param {{title: string, text: string, yes: string, signal?: AbortSignal}} question
 * @returns {Promise<boolean>}
 */
export function confirmAction({ title, text, yes, signal }) {
  if (signal?.aborted) return Promise.resolve(false);
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
    const withdraw = () => {
      answer = false;
      dialog.close();
    };
    signal?.addEventListener('abort', withdraw, { once: true });
    dialog.addEventListener('close', () => {
      signal?.removeEventListener('abort', withdraw);
      dialog.remove();
      if (!signal?.aborted && back instanceof HTMLElement && back.isConnected) back.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    noButton.focus();
  });
}
