// A round's countdown. It keeps a deadline (Date.now() based, so a page put to sleep or a test's
// fake clock sees the true time left), redraws once a second on the second's boundary, says the
// time left aloud at one minute and at ten seconds (not every second), and calls `onEnd` once
// when the deadline passes. An untimed round shows no countdown and never ends by itself.
import { el } from '../../lib/dom.js';
import { announce } from '../../lib/announce.js';
import { timerText } from './params.js';

/** Times left, in seconds, that are said aloud to screen readers. */
const SAID_AT = [60, 10];

/** What the clock shows in an untimed round, after its "Time" label: the round's length in words. */
const UNTIMED = timerText('off');

/**
 * "2:05" for 125 seconds.
 * @param {number} seconds
 */
export function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A round's countdown to a deadline, spoken at one minute and ten seconds. */
export class RoundTimer {
  /**
   * `onEnd()` runs once when a timed round's time is up.
   * @param {{onEnd: () => void}} options
   */
  constructor({ onEnd }) {
    this.onEnd = onEnd;
    /** @type {number | null} ms since the epoch, or null when untimed or stopped */
    this.deadline = null;
    this.timeout = 0;
    /** @type {Set<number>} the times left (SAID_AT) said already */
    this.said = new Set();
    this.value = el('span', { className: 'play-clock', dataset: { testid: 'play-timer' } }, ['–:––']);
    this.el = el('div', { className: 'play-timer' }, [el('span', { className: 'stat-label' }, ['Time']), this.value]);
  }

  /**
   * Starts a round of `minutes` (null: untimed); `deadline` (ms since the epoch) resumes a round
   * started earlier, which ends at once if it has passed.
   * @param {number | null} minutes
   * @param {number | null} [deadline]
   */
  start(minutes, deadline = null) {
    this.stop();
    this.said.clear();
    this.el.dataset.state = minutes ? 'running' : 'untimed';
    if (!minutes) {
      this.value.textContent = UNTIMED;
      this.value.dataset.remaining = '';
      return;
    }
    this.deadline = deadline ?? Date.now() + minutes * 60_000;
    // A resumed round says only the marks still ahead of it.
    const left = Math.ceil((this.deadline - Date.now()) / 1000);
    for (const at of SAID_AT) if (left < at) this.said.add(at);
    this.tick();
  }

  /**
   * Shows a round's length before it starts (while its board is covered), the whole of it left.
   * @param {number | null} minutes
   */
  preview(minutes) {
    this.stop();
    this.el.dataset.state = minutes ? 'ready' : 'untimed';
    this.value.textContent = minutes ? clock(minutes * 60) : UNTIMED;
    this.value.dataset.remaining = minutes ? String(minutes * 60) : '';
  }

  /** Seconds left (0 once over; Infinity untimed). */
  left() {
    return this.deadline === null ? Infinity : Math.max(0, (this.deadline - Date.now()) / 1000);
  }

  tick() {
    clearTimeout(this.timeout);
    if (this.deadline === null) return;
    const ms = this.deadline - Date.now();
    const seconds = Math.max(0, Math.ceil(ms / 1000));
    this.value.textContent = clock(seconds);
    this.value.dataset.remaining = String(seconds);
    this.el.dataset.state = seconds <= 10 ? 'ending' : 'running';
    for (const at of SAID_AT) {
      if (seconds <= at && seconds > 0 && !this.said.has(at)) {
        this.said.add(at);
        // A round started with less time left says only the nearest mark.
        for (const later of SAID_AT) if (later > at) this.said.add(later);
        announce(at === 60 ? 'One minute left' : 'Ten seconds left');
      }
    }
    if (ms <= 0) {
      this.deadline = null;
      this.el.dataset.state = 'over';
      this.onEnd();
      return;
    }
    // Next redraw when the shown second changes.
    this.timeout = setTimeout(() => this.tick(), ms % 1000 || 1000);
  }

  /** Stops the countdown where it is (the round ended early, or the view went away). */
  stop() {
    clearTimeout(this.timeout);
    if (this.deadline !== null) this.el.dataset.state = 'over';
    this.deadline = null;
  }
}
