// The search view's settings card: optimizer, size, seed, workers and each optimizer's own
// parameters, filled from the URL and checked before a run; a bad value is explained beside its
// field. Element ids are `search-NAME` for parameter NAME.
import { el, fieldError, keepFocus } from '../../lib/dom.js';
import { exactCount, sizeText } from '../../lib/format.js';
import { offerLists } from '../../lib/own-lists.js';
import { MAX_TARGET } from '../../lib/params.js';
import { MAX_WORKERS } from '../../lib/limits.js';
import { CORES, DECIDING, DEFAULT_LETTERS, PARAMS, SCHEDULES, SCHEDULE_HELP, SIZES, defaultTemperatures, randomSeed } from './params.js';

/** Help under the fields whose meaning changes between tempering and the cooling schedules. */
const TEMPERING_HELP = {
  t0: 'the hottest walk’s',
  t_end: 'the coldest walk’s',
  steps: 'proposals without a better board before the walks restart',
};
const COOLING_HELP = { t0: 'at the start of each run', t_end: 'at the end of each run', steps: 'proposals before a run ends' };
const PUBLISHED_HELP = { ...COOLING_HELP, steps: 'the most proposals in a run; a stall ends it sooner' };

/**
 * A setting's control: its field's input or select, or for `opt` (set by the optimizer's
 * buttons) the value they chose.
 * @typedef {HTMLInputElement | HTMLSelectElement | {value: string}} Control
 */

/**
 * The message for a link's value refused with `message`: what is used instead (the
 * parameter's default `def`; null for a random seed).
 * @param {string} message
 * @param {string | null} def
 */
function fromLink(message, def) {
  const instead = def === null ? 'a random seed' : def === '' ? 'the default' : /^\d+$/.test(def) ? exactCount(def) : def;
  return `${message} (from the link; using ${instead})`;
}

/** The search view's settings card, read from and checked against the URL. */
export class SearchForm {
  /**
   * `onStart()`, `onPause()` and `onStop()` are the buttons; `onOpt(opt)` hears each choice of
   * optimizer, from the buttons or the URL; `busy()` is true while a run is on.
   * @param {{onStart: () => void, onPause: () => void, onStop: () => void, onOpt: (opt: string) => void, busy: () => boolean}} handlers
   */
  constructor({ onStart, onPause, onStop, onOpt, busy }) {
    this.busy = busy;
    this.onOpt = onOpt;
    /** @type {Record<string, import('../../lib/dom.js').FieldError>} each setting's message line, by name */
    this.errors = {};
    /** @type {Record<string, Control>} each setting's control, by name */
    this.inputs = {};
    this.build({ onStart, onPause, onStop });
  }

  /**
   * The field of setting `name`: `input` with its `label`, its `help` line (if any) and its
   * message line.
   * @param {string} name
   * @param {string} label
   * @param {HTMLInputElement | HTMLSelectElement} input
   * @param {string} [help]
   * @returns {HTMLDivElement}
   */
  field(name, label, input, help) {
    this.inputs[name] = input;
    input.id = `search-${name}`;
    input.name = name;
    this.errors[name] = fieldError(`search-${name}-error`);
    // The help and the error are read with the field, as in the other views' forms.
    const helpId = `search-${name}-help`;
    input.setAttribute('aria-describedby', `${help ? `${helpId} ` : ''}search-${name}-error`);
    const parts = [el('label', { className: 'field-label', htmlFor: input.id }, [label]), input];
    if (help) parts.push(el('p', { id: helpId, className: 'help' }, [help]));
    parts.push(this.errors[name]);
    return el('div', { className: 'field', dataset: { param: name } }, parts);
  }

  /** @param {{onStart: () => void, onPause: () => void, onStop: () => void}} handlers */
  build({ onStart, onPause, onStop }) {
    /** @param {readonly (readonly string[])[]} values each option's value and text */
    const select = (values) => /** @type {HTMLSelectElement} */ (el('select', {}, values.map(([v, t]) => el('option', { value: v }, [t]))));
    /** @param {Record<string, unknown>} props */
    const number = (props) => /** @type {HTMLInputElement} */ (el('input', { type: 'number', inputMode: 'numeric', ...props }));
    const text = () => /** @type {HTMLInputElement} */ (el('input', { type: 'text', spellcheck: false, autocomplete: 'off' }));

    /** @type {HTMLButtonElement[]} */
    this.optButtons = ['hillclimb', 'anneal'].map((v) =>
      el('button', { type: 'button', dataset: { opt: v }, 'aria-pressed': 'false' }, [v === 'hillclimb' ? 'Hill climbing' : 'Annealing']),
    );
    const optGroup = /** @type {HTMLDivElement} */ (el('div', { className: 'segmented', role: 'group', 'aria-label': 'Optimizer' }, this.optButtons));
    this.inputs.opt = { value: 'hillclimb' };
    this.errors.opt = fieldError('search-opt-error');
    optGroup.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-opt]'));
      if (b && !this.busy()) this.setOpt(b.dataset.opt);
    });

    const seedInput = number({ min: 0, step: 1 });
    const newSeed = el('button', { type: 'button', className: 'secondary', title: 'Pick a new random seed' }, ['New']);
    newSeed.addEventListener('click', () => {
      seedInput.value = String(randomSeed());
    });
    const seedField = this.field('seed', 'Seed', seedInput);
    seedField.insertBefore(el('div', { className: 'input-row' }, [seedInput, newSeed]), this.errors.seed);

    const general = el('div', { className: 'search-fields' }, [
      this.field('size', 'Size', select(SIZES.map((s) => [s, sizeText(s)]))),
      // Lists of the reader's own (loaded in Solve) are offered too, as they come and go.
      this.field('wordlist', 'Word list', offerLists(select([]))),
      seedField,
      this.field('workers', 'Workers', number({ min: 1, max: MAX_WORKERS, step: 1 }), `one per core: ${CORES} here`),
      this.field('steps', 'Steps per run', number({ min: 1, step: 1 }), COOLING_HELP.steps),
      this.field('pool', 'Pool size', number({ min: 1, step: 1 }), 'the best distinct boards kept to change'),
      this.field('order', 'Expand pool', select([['best', 'best first'], ['rounds', 'in rounds']]), 'the best untried board next, or the whole pool each round'),
      this.field('schedule', 'Schedule', select(SCHEDULES), ' '),
      this.field('t0', 'Temperature T₀', number({ min: 0, step: 'any' }), ' '),
      this.field('t_end', 'Final temperature', number({ min: 0, step: 'any' }), ' '),
      this.field('replicas', 'Replicas', number({ min: 2, step: 1 }), 'walks at once, one per temperature'),
      this.field('acceptance', 'Starting acceptance', number({ min: 0, max: 1, step: 'any' }), 'share accepted, falling to 0'),
      this.field('cooling', 'Cooling rate k', number({ min: 0, step: 'any' }), 'T = T₀ · e^(−k · step)'),
      this.field('stall', 'Stall limit', number({ min: 1, step: 1 }), 'a run ends after this many rejections in a row'),
      this.field('restart', 'Later runs start', select([['random', 'random board'], ['best', 'best board'], ['perturb', 'best board, changed']])),
      this.field('perturb', 'Changes', number({ min: 1, step: 1 }), 'random changes to the best board a later run starts from'),
    ]);
    // The size sets the temperatures shown; the deciding settings which fields show.
    for (const name of ['size', ...DECIDING]) /** @type {HTMLSelectElement} */ (this.inputs[name]).addEventListener('change', () => this.showFields());
    // The final temperature left empty follows the starting one typed (its placeholder says so).
    /** @type {HTMLInputElement} */ (this.inputs.t0).addEventListener('input', () => this.showFields());
    this.more = el('details', { className: 'search-more' }, [
      el('summary', {}, ['More options']),
      el('div', { className: 'search-fields' }, [
        this.field('letters', 'Letters allowed', text()),
        this.field('source', 'Starting letters', select([['uniform', 'uniform a–z'], ['dice', 'Boggle dice (4x4, 5x5, 6x6)']])),
        this.field('runs', 'Runs per worker', number({ min: 0, step: 1 }), '0 restarts until you stop'),
        this.field('expansions', 'Run length', number({ min: 0, step: 1 }), 'boards a run expands best first; 0: until it stops climbing'),
        this.field('target', 'Stop at score', number({ min: 1, max: MAX_TARGET, step: 1, placeholder: 'never' })),
      ]),
    ]);

    this.startBtn = el('button', { type: 'submit', className: 'primary', dataset: { testid: 'anneal-start' } }, ['Start']);
    this.pauseBtn = el('button', { type: 'button', className: 'secondary', disabled: true }, ['Pause']);
    this.stopBtn = el('button', { type: 'button', className: 'secondary', disabled: true, dataset: { testid: 'search-stop' } }, ['Stop']);
    this.pauseBtn.addEventListener('click', onPause);
    this.stopBtn.addEventListener('click', onStop);
    this.runError = fieldError('search-run-error');

    /** @type {HTMLFormElement} */
    this.el = el('form', { className: 'card search-controls', noValidate: true }, [
      el('h2', { className: 'search-title' }, ['Settings']),
      el('div', { className: 'field' }, [el('span', { className: 'field-label' }, ['Optimizer']), optGroup, this.errors.opt]),
      general,
      this.more,
      el('div', { className: 'search-buttons' }, [this.startBtn, this.pauseBtn, this.stopBtn]),
      this.runError,
    ]);
    this.el.addEventListener('submit', (e) => {
      e.preventDefault();
      onStart();
    });
  }

  /**
   * Chooses optimizer `opt` (`hillclimb` or `anneal`): its button pressed, its fields shown.
   * @param {string} opt
   */
  setOpt(opt) {
    this.inputs.opt.value = opt;
    for (const b of this.optButtons) b.setAttribute('aria-pressed', String(b.dataset.opt === opt));
    this.showFields();
    this.onOpt(opt);
  }

  /**
   * True when parameter `name` applies to the chosen optimizer and to the values of the
   * settings it depends on (`when`).
   * @param {string} name
   */
  applies(name) {
    const p = PARAMS[name];
    if (p.only && p.only !== this.inputs.opt.value) return false;
    return Object.entries(p.when ?? {}).every(([setting, values]) => values.includes(this.inputs[setting].value));
  }

  /** Shows only the fields of the chosen optimizer, annealing schedule and restart, or order. */
  showFields() {
    for (const f of /** @type {NodeListOf<HTMLElement>} */ (this.el.querySelectorAll('[data-param]'))) f.hidden = !this.applies(f.dataset.param);
    const help = this.el.querySelector('[data-param=schedule] .help');
    help.textContent = SCHEDULE_HELP[this.inputs.schedule.value] ?? '';
    const schedule = this.inputs.schedule.value;
    const own = schedule === 'tempering' ? TEMPERING_HELP : schedule === 'published' ? PUBLISHED_HELP : COOLING_HELP;
    for (const [name, text] of Object.entries(own)) this.el.querySelector(`[data-param=${name}] .help`).textContent = text;
    const typed = this.inputs.t0.value.trim() === '' ? null : Number(this.inputs.t0.value);
    const [t0, tEnd] = defaultTemperatures(this.inputs.size.value, this.inputs.schedule.value, typed) ?? ['', ''];
    /** @type {HTMLInputElement} */ (this.inputs.t0).placeholder = String(t0);
    /** @type {HTMLInputElement} */ (this.inputs.t_end).placeholder = String(tEnd);
    /** @type {HTMLInputElement} */ (this.inputs.letters).placeholder = DEFAULT_LETTERS[this.inputs.opt.value] ?? '';
  }

  /**
   * Fills the form from URL parameters; a bad one is reported beside its control. Returns each
   * parameter's name with its message, or null when it was fine or absent.
   * @param {URLSearchParams} params
   * @returns {Record<string, string | null>}
   */
  apply(params) {
    /** @type {Record<string, string | null>} */
    const rejected = {};
    for (const [name, p] of Object.entries(PARAMS)) {
      const raw = params.get(name);
      let value = p.def ?? '';
      rejected[name] = null;
      if (raw !== null) {
        try {
          value = p.read(raw.trim());
        } catch (e) {
          rejected[name] = fromLink(e.message, p.def);
        }
      }
      this.errors[name].show(rejected[name]);
      if (name === 'seed' && value === '') value = String(randomSeed());
      if (name === 'opt') this.setOpt(value);
      else this.inputs[name].value = value;
    }
    this.showFields();
    this.revealErrors();
    // A link that sets one of "More options" (a target, say) shows it: hidden, it would decide
    // the run unseen.
    if ([...this.more.querySelectorAll('[data-param]')].some((f) => params.has(/** @type {HTMLElement} */ (f).dataset.param ?? '') && !/** @type {HTMLElement} */ (f).hidden)) this.more.open = true;
    return rejected;
  }

  /**
   * Reads and checks the form without showing anything: the settings that apply, by name, and
   * the message of each that does not read (none when all do).
   * @returns {{settings: Record<string, string>, messages: Record<string, string>}}
   */
  values() {
    /** @type {Record<string, string>} */
    const settings = {};
    /** @type {Record<string, string>} */
    const messages = {};
    for (const [name, p] of Object.entries(PARAMS)) {
      if (!this.applies(name)) continue;
      try {
        settings[name] = p.read(String(this.inputs[name].value).trim());
      } catch (e) {
        messages[name] = e.message;
      }
    }
    return { settings, messages };
  }

  /**
   * Reads and checks the form; returns the settings or null (with messages shown).
   * @returns {Record<string, string> | null} the value of each setting that applies, by name
   */
  read() {
    const { settings, messages } = this.values();
    // Shown once, not hidden and shown again: an alert rewritten is said again.
    for (const name of Object.keys(PARAMS)) this.errors[name].show(messages[name] ?? null);
    this.revealErrors();
    return Object.keys(messages).length === 0 ? settings : null;
  }

  /**
   * Says the engine's refusal `message` beside field `name` (a setting that does not go with
   * the others) and opens "More options" if the field is there. With `link`, the value came
   * from the URL and gives way to the default, as a bad value in a link does.
   * @param {string} name
   * @param {string} message
   * @param {{link?: boolean}} [how]
   */
  refuse(name, message, { link = false } = {}) {
    if (link) {
      this.inputs[name].value = PARAMS[name].def ?? '';
      this.showFields();
    }
    this.errors[name].show(link ? fromLink(message, PARAMS[name].def) : message);
    this.revealErrors();
  }

  /** Opens "More options" when one of its fields has a message. */
  revealErrors() {
    if (this.more.querySelector('.field-error:not([hidden])')) this.more.open = true;
  }

  /** Moves the focus to the first field on screen with a message (the optimizer's buttons for `opt`). */
  focusFirstError() {
    const shown = this.el.querySelector('.field-error:not([hidden])');
    const name = Object.keys(this.errors).find((n) => this.errors[n] === shown);
    if (!name) return;
    const field = name === 'opt' ? this.optButtons.find((b) => b.getAttribute('aria-pressed') === 'true') ?? this.optButtons[0] : /** @type {HTMLInputElement | HTMLSelectElement} */ (this.inputs[name]);
    field?.focus();
  }

  /** Enables what a run in `state` allows: settings while idle, Pause/Resume and Stop while running. */
  /** @param {string} state */
  setState(state) {
    const active = state === 'running' || state === 'paused';
    keepFocus([this.stopBtn, this.startBtn], () => {
      this.startBtn.disabled = active;
      this.pauseBtn.disabled = !active;
      this.stopBtn.disabled = !active;
      this.pauseBtn.textContent = state === 'paused' ? 'Resume' : 'Pause';
      for (const input of Object.values(this.inputs)) if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement || input instanceof HTMLButtonElement) input.disabled = active;
      for (const b of this.optButtons) b.disabled = active;
    });
  }
}
