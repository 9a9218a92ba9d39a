// The form of a partition run (every class of a letter partition): presets for the published
// proofs, the letter groups (with per-position lists), size, target, workers and the breaker's
// options, whose defaults come from the engine; the fields are locked while a run goes on
// (lockSettings). Element ids and test ids start `partition-`.
import { el, fieldError } from '../../lib/dom.js';
import { points, sizeText } from '../../lib/format.js';
import { BREAK, MAX_WORKERS } from '../../lib/limits.js';
import { MAX_TARGET } from '../../lib/params.js';
import { PRESETS } from './parts.js';

/** Board sizes offered for a partition run. */
export const SIZES = ['2x2', '2x3', '3x2', '3x3', '3x4', '4x3', '4x4'];

const textInput = (/** @type {string} */ id, /** @type {string} */ describedBy) =>
  el('input', {
    id,
    type: 'text',
    autocomplete: 'off',
    autocapitalize: 'none',
    spellcheck: false,
    'aria-describedby': describedBy,
  });

/**
 * A field of the view's forms: a labelled control (`id`) and what goes under it. The label is
 * text, or text and nodes (words only a screen reader reads, see {@link heardOnly}).
 * @param {string} className
 * @param {string} id
 * @param {string | Array<Node | string>} label
 * @param {Array<Node | string>} children
 */
export const field = (className, id, label, children) =>
  el('div', { className: `break-field ${className}` }, [
    el('label', { className: 'field-label', htmlFor: id }, typeof label === 'string' ? [label] : label),
    ...children,
  ]);

/**
 * Words of a label that only a screen reader reads: the view has two target fields, each
 * visibly in its own card, and their names must tell them apart where no card is seen.
 * @param {string} text
 */
export const heardOnly = (text) => el('span', { className: 'visually-hidden' }, [text]);

/**
 * Builds the form; returns its parts: {node, partition, size, target, workers, switchInput,
 * memory, options (the <details>), presets [{button, preset}], presetNote, start, stop, reset,
 * partitionError, partitionNote, sizeError, targetError, workersError, optionsError}. The
 * browser's own checks are off: every field's message is the page's, beside the field.
 */
export function partitionForm() {
  const f = {};
  f.partition = textInput('partition-groups', 'partition-groups-help partition-groups-note partition-groups-error');
  f.partitionError = fieldError('partition-groups-error');
  // Groups that leave letters out still run, but cover only some boards: this says which.
  f.partitionNote = el('p', { id: 'partition-groups-note', className: 'help partition-note', hidden: true });
  f.partitionNote.dataset.testid = 'partition-note';
  f.size = el('select', { id: 'partition-size', 'aria-describedby': 'partition-size-error' }, SIZES.map((s) => el('option', { value: s }, [sizeText(s)])));
  f.sizeError = fieldError('partition-size-error');
  f.target = el('input', { id: 'partition-target', type: 'number', min: '1', max: String(MAX_TARGET), step: '1', inputMode: 'numeric', 'aria-describedby': 'partition-target-error' });
  f.targetError = fieldError('partition-target-error');
  const cores = navigator.hardwareConcurrency || 2;
  f.workers = el('input', {
    id: 'partition-workers',
    type: 'number',
    min: '1',
    max: String(MAX_WORKERS),
    step: '1',
    inputMode: 'numeric',
    value: String(Math.min(cores, MAX_WORKERS)),
    'aria-describedby': 'partition-workers-error',
  });
  f.workersError = fieldError('partition-workers-error');
  // The breaker's options start at the engine's defaults, with its limit on memory.
  f.switchInput = el('input', {
    id: 'partition-switch',
    type: 'number',
    min: '0',
    step: '0.1',
    inputMode: 'decimal',
    value: String(BREAK.switch),
    'aria-describedby': 'partition-switch-help partition-options-error',
  });
  f.memory = el('input', {
    id: 'partition-memory',
    type: 'number',
    min: String(BREAK.min_memory_mb),
    step: '1',
    inputMode: 'numeric',
    value: String(BREAK.memory_mb),
    'aria-describedby': 'partition-memory-help partition-options-error',
  });
  f.optionsError = fieldError('partition-options-error');
  f.start = el('button', { type: 'submit', className: 'primary partition-start' }, ['Start']);
  f.start.dataset.testid = 'partition-start';
  // While a run goes on its settings are locked (lockSettings), and this line says so; Stop,
  // where the focus goes once the run starts, is described by it.
  f.locked = el('p', { id: 'partition-locked', className: 'help partition-locked', hidden: true });
  f.stop = el('button', { type: 'button', className: 'secondary', disabled: true, 'aria-describedby': 'partition-locked' }, ['Stop']);
  f.stop.dataset.testid = 'partition-stop';
  // Off until the run in the form is known to have saved progress (partition.js turns it on).
  f.reset = el('button', { type: 'button', className: 'secondary', disabled: true }, ['Forget progress']);
  f.reset.dataset.testid = 'partition-reset';

  f.presets = PRESETS.map((preset) => {
    const button = el('button', { type: 'button', className: 'secondary preset', 'aria-pressed': 'false' }, [
      `${preset.label}, target ${points(preset.target)}`,
    ]);
    button.dataset.testid = 'partition-preset';
    button.dataset.preset = preset.id;
    button.dataset.size = preset.size;
    return { button, preset };
  });
  f.presetNote = el('p', { className: 'muted small preset-note' });

  f.options = el('details', { className: 'break-options' }, [
    el('summary', {}, ['Breaker options']),
    el('div', { className: 'break-form' }, [
      field('target', 'partition-switch', 'Switch point (× target)', [f.switchInput]),
      field('target', 'partition-memory', 'Memory per worker (MiB)', [f.memory]),
      el('p', { className: 'help grow' }, [
        el('span', { id: 'partition-switch-help' }, [
          'Switch point: while a class’s bound is at least this many times the target, fixing a cell merges ' +
            'the class’s tree for a tighter bound, at a cost in memory and time; below it, the breaker walks ' +
            'the tree as it is. Smaller values merge more (more memory, fewer classes visited), larger ones ' +
            'less (less memory, more classes visited); the default was the fastest measured.',
        ]),
        ' ',
        el('span', { id: 'partition-memory-help' }, [
          'Memory per worker: a class whose tree would take more is split first. Neither option changes ' +
            'the boards found; the defaults are the engine’s.',
        ]),
      ]),
    ]),
    f.optionsError,
  ]);

  f.node = el('form', { className: 'break-form partition-run-form', noValidate: true }, [
    el('div', { className: 'break-presets', role: 'group', 'aria-label': 'Proofs' }, [
      el('span', { className: 'field-label' }, ['Proofs']),
      ...f.presets.map((p) => p.button),
      f.presetNote,
    ]),
    field('grow', 'partition-groups', 'Letter groups', [
      f.partition,
      el('p', { id: 'partition-groups-help', className: 'help' }, [
        'Groups of letters separated by spaces; each cell takes one group and every assignment is one class ' +
          '(rotations and reflections are skipped). Corners, edges or centre cells can have their own groups ' +
          'after corner:, edge: or centre:, e.g. ',
        el('code', {}, ['aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz']),
        '.',
      ]),
      f.partitionNote,
      f.partitionError,
    ]),
    field('', 'partition-size', 'Size', [f.size]),
    field('target', 'partition-target', ['Target score', heardOnly(' for every class')], [f.target]),
    field('workers', 'partition-workers', 'Workers', [f.workers]),
    // Messages for the narrow fields take a row of their own.
    f.sizeError,
    f.targetError,
    f.workersError,
    el('div', { className: 'break-field action buttons' }, [f.start, f.stop, f.reset]),
    f.locked,
    f.options,
  ]);
  return f;
}

/** @typedef {ReturnType<typeof partitionForm>} PartitionForm the form's parts */

/** What the locked settings' line says while a run goes on. */
const LOCKED = 'The run’s settings stay while it goes on: stop the run to change them.';

/**
 * Locks the fields that set a run (letter groups, size, target, workers, the breaker's options)
 * while it goes on, `running`, and unlocks them once it ends: the running workers would ignore
 * an edit, and the status, Resume and Forget progress would then speak of another run than the
 * form shows. A line under the buttons says why while they are locked.
 * @param {PartitionForm} f
 * @param {boolean} running
 */
export function lockSettings(f, running) {
  for (const input of [f.partition, f.size, f.target, f.workers, f.switchInput, f.memory]) input.disabled = running;
  // Empty when hidden: Stop's description names it either way.
  f.locked.textContent = running ? LOCKED : '';
  f.locked.hidden = !running;
}

/**
 * Reads the Workers field: {value} (how many), or {error} (a message saying what it takes).
 * @param {PartitionForm} f
 * @returns {{value: number, error?: undefined} | {error: string, value?: undefined}}
 */
export function readWorkers(f) {
  const text = f.workers.value.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > MAX_WORKERS) return { error: `Workers must be a whole number from 1 to ${MAX_WORKERS}.` };
  return { value: n };
}

/**
 * Reads the options fields: {value: {switch, memory_mb}} or {error}. Blank fields take the
 * engine's defaults; the least each field takes is its `min` (the memory's is the engine's).
 * @param {PartitionForm} f
 * @returns {{value: {switch?: number, memory_mb?: number}, error?: undefined} | {error: string, value?: undefined}}
 */
export function readOptions(f) {
  /** @type {{switch?: number, memory_mb?: number}} */
  const value = {};
  const sw = f.switchInput.value.trim();
  const factor = Number(sw);
  if (f.switchInput.validity.badInput || (sw !== '' && !(Number.isFinite(factor) && factor >= Number(f.switchInput.min)))) {
    return { error: `The switch point must be a number of at least ${f.switchInput.min}.` };
  }
  if (sw !== '') value.switch = factor;
  const mem = f.memory.value.trim();
  if (f.memory.validity.badInput || (mem !== '' && !(/^\d{1,7}$/.test(mem) && Number(mem) >= Number(f.memory.min)))) {
    return { error: `The memory per worker must be a whole number of MiB, at least ${f.memory.min}.` };
  }
  if (mem !== '') value.memory_mb = Number(mem);
  return { value };
}
