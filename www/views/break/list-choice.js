// The break view's word list: one choice for both halves (the live break and the partition run),
// kept in the URL's `wordlist`. A list the URL names but the page does not ship gets a message
// and leaves the URL; a preset that names a list chooses it here.
import { el, fieldError } from '../../lib/dom.js';
import { DEFAULT_LIST } from '../../lib/lists.js';
import { offerLists, readAnyListParam } from '../../lib/own-lists.js';
import { dropRejected } from '../../lib/url.js';
import { field } from './partition-form.js';

/** The list's help; while a partition run holds the list, it also says why the select is locked. */
const HELP = 'Breaking a class and breaking every class both use this list; a partition run’s progress is saved for each list apart.';

/** The break view's one word-list choice for both halves, kept in the URL. */
export class ListChoice {
  /**
   * `onChange(list)` runs whenever the list changes, by the select or by `choose`; `share` is the
   * view's LastValid, which the URL's `wordlist` joins.
   * @param {{share: import('../../lib/share.js').LastValid, onChange: (list: string) => void}} opts
   */
  constructor({ share, onChange }) {
    this.share = share;
    this.onChange = onChange;
    this.list = DEFAULT_LIST;
    this.select = /** @type {HTMLSelectElement} */ (el('select', { id: 'break-list', 'aria-describedby': 'break-list-help break-list-error' }));
    // Lists of the reader's own (loaded in Solve) are offered too, as they come and go.
    offerLists(this.select);
    this.select.addEventListener('change', () => this.choose(this.select.value));
    this.error = fieldError('break-list-error');
    this.help = el('p', { id: 'break-list-help', className: 'help grow' }, [HELP]);
    this.node = el('div', { className: 'break-form break-list' }, [
      field('', 'break-list', 'Word list', [this.select]),
      this.help,
      this.error,
    ]);
  }

  /**
   * Reads the URL's `wordlist`: the list to use, with a message (and the URL cleaned) for one not shipped.
   * @param {URLSearchParams} params
   */
  load(params) {
    const { list, error } = readAnyListParam(params.get('wordlist'));
    this.error.show(error);
    dropRejected({ wordlist: error });
    this.list = list;
    this.select.value = list;
    return list;
  }

  /**
   * Chooses `list`: into the select and the URL, then tells the view.
   * @param {string} list
   */
  choose(list) {
    this.error.show(null);
    this.select.value = list;
    if (list === this.list) return;
    this.list = list;
    this.share.commit({ wordlist: list });
    this.onChange(list);
  }

  /**
   * While a partition run goes on, its list stays as it is, and the help says why.
   * @param {boolean} running
   */
  lock(running) {
    this.select.disabled = running;
    this.help.textContent = running ? `${HELP} It stays while the run goes on: stop the run to change it.` : HELP;
  }
}
