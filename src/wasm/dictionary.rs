//! Word lists and boards: building a list in wasm memory, solving and scoring boards, reading
//! and rolling boards.

use super::{js_err, size_opt, to_js};
use crate::engine::board::{parse_size, Board};
use crate::engine::dice::{random_board, LetterSource};
use crate::engine::scoring::MIN_WORD_LETTERS;
use crate::engine::symmetry::canonical;
use crate::play::Rules;
use crate::rng::Rng;
use crate::{FoundWord, Solver};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// A word list from its bytes: a text list or a compiled one.
#[cfg(feature = "explorer")]
fn load_list(bytes: &[u8]) -> Result<crate::Dictionary, JsError> {
    crate::engine::compiled::load(bytes).map_err(js_err)
}

/// A compiled word list from its bytes. The solver's module, which the page downloads first,
/// leaves out the text reader (with its sorting and hashing, a tenth of the module): the page's
/// worker switches to the full engine for a text list (www/worker/engine.js).
#[cfg(not(feature = "explorer"))]
fn load_list(bytes: &[u8]) -> Result<crate::Dictionary, JsError> {
    if !crate::engine::compiled::is_compiled(bytes) {
        return Err(JsError::new(
            "this engine reads compiled word lists only: load the full engine for a text list",
        ));
    }
    crate::engine::compiled::from_bytes(bytes).map_err(js_err)
}

/// A board and its score: what the page paints first (see [`Dictionary::summary`]).
#[derive(Serialize)]
struct Summary {
    board: String,
    rows: usize,
    cols: usize,
    score: u32,
    multiboggle: bool,
    /// The shortest word counted.
    min: usize,
}

/// A solved board as the page shows it: its summary and every word.
#[derive(Serialize)]
struct Solved<'a> {
    #[serde(flatten)]
    summary: Summary,
    words: &'a [FoundWord],
}

/// A word list loaded into the engine's [`crate::Dictionary`] (the trie every search walks),
/// kept in wasm memory, with a solver over it: the page's handle on a word list, `Dictionary`
/// in JS as in Rust.
#[wasm_bindgen]
pub struct Dictionary {
    pub(super) dict: Arc<crate::Dictionary>,
    pub(super) solver: Solver,
    /// The last round solved for the Play view (see `src/wasm/play.rs`): every word it judges
    /// is looked up there rather than solving the board again.
    pub(super) round: Option<crate::play::Round>,
}

#[wasm_bindgen]
impl Dictionary {
    /// Builds a word list from the raw bytes of a file (one word per line) or a compiled list.
    /// The solver's module (built without the feature `explorer`) reads compiled lists only.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: &[u8]) -> Result<Dictionary, JsError> {
        let dict = Arc::new(load_list(bytes)?);
        let solver = Solver::new(Arc::clone(&dict));
        Ok(Dictionary {
            dict,
            solver,
            round: None,
        })
    }

    /// What loading found: `{lines, words, blank, bad_chars, too_short, q_without_u, too_long,
    /// duplicates, bad_examples, notes}` (`notes`: sentences about skipped lines).
    pub fn stats(&self) -> Result<JsValue, JsError> {
        to_js(self.dict.stats())
    }

    /// Number of playable words.
    #[wasm_bindgen(getter)]
    pub fn words(&self) -> usize {
        self.dict.len()
    }

    /// True when `word` is in the list.
    pub fn contains(&self, word: &str) -> bool {
        self.dict.contains(word)
    }

    /// Solves a board typed by the user: `{board, rows, cols, score, multiboggle, min, words:
    /// [{word, points, path}]}`. With `multiboggle` the score counts each word once per
    /// distinct set of cells; with `min` only words of that many letters or more count (3, the
    /// engine's shortest word, when not given), as a round's rules say ([`Rules`]).
    pub fn solve(
        &mut self,
        board: &str,
        size: Option<String>,
        multiboggle: bool,
        min: Option<usize>,
    ) -> Result<JsValue, JsError> {
        let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
        let rules = solve_rules(multiboggle, min)?;
        let words = rules.words(&mut self.solver, &b).map_err(js_err)?;
        to_js(&Solved {
            summary: self.summarise(&b, rules, Some(&words))?,
            words: &words,
        })
    }

    /// [`Dictionary::solve`]'s answer without its words, `{board, rows, cols, score,
    /// multiboggle, min}`: a fraction of the work of listing every word with its path and
    /// sending it to the page, so the page shows a board's score before its word list arrives.
    pub fn summary(
        &mut self,
        board: &str,
        size: Option<String>,
        multiboggle: bool,
        min: Option<usize>,
    ) -> Result<JsValue, JsError> {
        let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
        let rules = solve_rules(multiboggle, min)?;
        to_js(&self.summarise(&b, rules, None)?)
    }

    /// Board `b` and its score under `rules`: the points of `words` when they are listed
    /// already (standard scoring), else [`Rules::score`].
    fn summarise(
        &mut self,
        b: &Board,
        rules: Rules,
        words: Option<&[FoundWord]>,
    ) -> Result<Summary, JsError> {
        let score = match (rules.multiboggle, words) {
            (false, Some(words)) => words.iter().map(|w| w.points).sum(),
            _ => rules.score(&mut self.solver, b).map_err(js_err)?,
        };
        Ok(Summary {
            board: b.to_string(),
            rows: b.rows(),
            cols: b.cols(),
            score,
            multiboggle: rules.multiboggle,
            min: rules.min_letters,
        })
    }

    /// Just the score of a board (standard scoring).
    pub fn score(&mut self, board: &str, size: Option<String>) -> Result<u32, JsError> {
        let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
        self.solver.score(&b).map_err(js_err)
    }
}

/// The rules a solve counts words by: the multiboggle rule and the shortest word (the engine's
/// own when `min` is not given), refused outside what a round may ask for.
fn solve_rules(multiboggle: bool, min: Option<usize>) -> Result<Rules, JsError> {
    Rules::new(min.unwrap_or(MIN_WORD_LETTERS), multiboggle).map_err(|e| JsError::new(&e))
}

/// The word-list limits the engine enforces, so the page can refuse a file before reading it:
/// `{bytes, lines, letters}` (file size, line count, longest word kept in letters).
#[wasm_bindgen(js_name = listLimits)]
pub fn list_limits() -> Result<JsValue, JsError> {
    use crate::engine::dictionary::{MAX_LIST_BYTES, MAX_LIST_LINES, MAX_WORD_LETTERS};
    #[derive(Serialize)]
    struct Limits {
        bytes: usize,
        lines: usize,
        letters: usize,
    }
    to_js(&Limits {
        bytes: MAX_LIST_BYTES,
        lines: MAX_LIST_LINES,
        letters: MAX_WORD_LETTERS,
    })
}

/// A small compiled list for warming up the loading and solving code before the real list
/// arrives (see [`crate::engine::compiled::WARM_UP_LIST`]): load it with `new Dictionary`.
#[wasm_bindgen(js_name = warmUpList)]
pub fn warm_up_list() -> Vec<u8> {
    crate::engine::compiled::WARM_UP_LIST.to_vec()
}

/// A random board as a row-major string: real dice for 4x4, 5x5 and 6x6 when `dice` is true,
/// uniform letters otherwise. With the real dice it is the board `boggle roll --dice SIZE
/// --seed SEED` prints and the Play view rolls (seeds are exact up to 2^53).
#[wasm_bindgen(js_name = randomBoard)]
pub fn random_board_js(size: &str, dice: bool, seed: f64) -> Result<String, JsError> {
    let (rows, cols) = parse_size(size).map_err(js_err)?;
    let source = if dice {
        LetterSource::Dice
    } else {
        LetterSource::Uniform
    };
    Ok(random_board(rows, cols, source, &mut Rng::new(seed as u64)).to_string())
}

/// Whether bytes starting with `head` are a compiled list (of any version): the solver's module
/// reads only those, so the page's worker builds any other list in the full engine.
#[wasm_bindgen(js_name = isCompiledList)]
pub fn is_compiled_list(head: &[u8]) -> bool {
    crate::engine::compiled::is_compiled(head)
}

/// Reads a board the way the page's input does and returns it normalized:
/// `{board, rows, cols, canonical}`, or throws with a message saying what is wrong.
#[wasm_bindgen(js_name = parseBoard)]
pub fn parse_board(board: &str, size: Option<String>) -> Result<JsValue, JsError> {
    let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
    #[derive(Serialize)]
    struct Parsed {
        board: String,
        rows: usize,
        cols: usize,
        canonical: String,
    }
    to_js(&Parsed {
        board: b.to_string(),
        rows: b.rows(),
        cols: b.cols(),
        canonical: canonical(&b).to_string(),
    })
}

/// Traces `word` (spelled out, read as the word list reads it) on `board` whether or not it is
/// a word: `{path}`, the cells that spell it, `path: null` when none does, or `path: null,
/// decided: false` when the search gave up (see [`crate::engine::trace`]).
#[wasm_bindgen(js_name = traceWord)]
pub fn trace_word(board: &str, size: Option<String>, word: &str) -> Result<JsValue, JsError> {
    use crate::engine::trace::{trace, Trace};
    let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
    #[derive(Serialize)]
    struct Traced {
        path: Option<Vec<u8>>,
        decided: bool,
    }
    let (path, decided) = match trace(&b, word) {
        Trace::Path(p) => (Some(p), true),
        Trace::Absent => (None, true),
        Trace::Undecided => (None, false),
    };
    to_js(&Traced { path, decided })
}
