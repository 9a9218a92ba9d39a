//! A round: one board solved under the round's rules, which judges the words a player gives
//! and reviews their list at the end.

use crate::engine::board::QU;
use crate::engine::scoring::MIN_WORD_LETTERS;
use crate::engine::solver::TooBigToSolve;
use crate::{Board, Dictionary, FoundWord, Solver};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// The most words a review reads from a player's list; the rest are left out and said so.
pub const MAX_CLAIMED: usize = 2000;

/// The rules of a round besides the board: the shortest word that counts (3, 4 or 5 letters,
/// a Qu cube two letters) and whether the multiboggle rule counts a word once for each distinct
/// set of cells spelling it, as the solver does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The fewest letters a word needs (at least [`MIN_WORD_LETTERS`]).
    pub min_letters: usize,
    /// The multiboggle rule.
    pub multiboggle: bool,
}

/// The longest shortest word a round may ask for.
pub const MAX_MIN_LETTERS: usize = 8;

impl Rules {
    /// Rules with a shortest word of `min_letters` ([`MIN_WORD_LETTERS`] to
    /// [`MAX_MIN_LETTERS`]), or a message saying what a round takes.
    pub fn new(min_letters: usize, multiboggle: bool) -> Result<Rules, String> {
        if !(MIN_WORD_LETTERS..=MAX_MIN_LETTERS).contains(&min_letters) {
            return Err(format!(
                "the shortest word must be {MIN_WORD_LETTERS} to {MAX_MIN_LETTERS} letters"
            ));
        }
        Ok(Rules {
            min_letters,
            multiboggle,
        })
    }

    /// Whether a word of the list counts under these rules: it has at least `min_letters`
    /// letters (a Qu cube's two among them).
    pub fn keeps(&self, word: &str) -> bool {
        word.len() >= self.min_letters
    }

    /// The words of `board` that count, with their points under these rules: with the
    /// multiboggle rule a word's points count each distinct set of cells spelling it. Their
    /// points add up to [`Rules::score`]; a round judges by them.
    pub fn counted(
        &self,
        solver: &mut Solver,
        board: &Board,
    ) -> Result<Vec<FoundWord>, TooBigToSolve> {
        let mut words = if self.multiboggle {
            solver.multiboggle_words(board)?
        } else {
            solver.words(board)?
        };
        words.retain(|w| self.keeps(&w.word));
        Ok(words)
    }

    /// The words of `board` that count, each once with its standard points and one path, as
    /// the solver's view lists them whatever the scoring.
    pub fn words(
        &self,
        solver: &mut Solver,
        board: &Board,
    ) -> Result<Vec<FoundWord>, TooBigToSolve> {
        let standard = Rules {
            multiboggle: false,
            ..*self
        };
        standard.counted(solver, board)
    }

    /// The score of `board` under these rules: the solver's own count when every word counts
    /// (the fastest), else the points of [`Rules::counted`].
    pub fn score(&self, solver: &mut Solver, board: &Board) -> Result<u32, TooBigToSolve> {
        Ok(
            match (self.multiboggle, self.min_letters == MIN_WORD_LETTERS) {
                (false, true) => solver.score(board)?,
                (true, true) => solver.multiboggle_score(board)?,
                _ => self.counted(solver, board)?.iter().map(|w| w.points).sum(),
            },
        )
    }
}

impl Default for Rules {
    /// Three letters, standard scoring.
    fn default() -> Rules {
        Rules {
            min_letters: MIN_WORD_LETTERS,
            multiboggle: false,
        }
    }
}

/// What becomes of one word a player gives. Serialized as `{"verdict": "accepted", ...}`
/// with the kebab-case name of the case and its fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// A word of the list on the board: its points under the round's rules and one path.
    Accepted {
        /// The word, lower case, `qu` in full.
        word: String,
        /// Its points (multiboggle: once per distinct set of cells).
        points: u32,
        /// One path spelling it, row-major cell indices.
        path: Vec<u8>,
    },
    /// Nothing but spaces.
    Empty,
    /// A character other than the letters a-z.
    NotLetters,
    /// More cells than the board has (a `qu` takes one cell).
    TooLong {
        /// The board's cells.
        cells: usize,
    },
    /// Fewer letters than the round's shortest word.
    TooShort {
        /// The round's shortest word, in letters.
        min: usize,
    },
    /// Not in the word list.
    NotAWord,
    /// In the word list, but no path of the board spells it.
    NotOnBoard,
}

/// A word a review did not count, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refused {
    /// The word as given (cut to 40 characters).
    pub word: String,
    /// Why it does not count (never [`Verdict::Accepted`]).
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// A player's list held against the board: what counted, what was missed and what was not
/// counted. Words are listed best first, as the solver lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Review {
    /// The player's points.
    pub score: u32,
    /// The points of every word on the board.
    pub total: u32,
    /// The number of words on the board.
    pub words: usize,
    /// The words that count, each once.
    pub found: Vec<FoundWord>,
    /// The words on the board the player did not give.
    pub missed: Vec<FoundWord>,
    /// The words given that do not count, in the order given.
    pub refused: Vec<Refused>,
    /// Words given more than once (after the first), lower case.
    pub repeated: Vec<String>,
    /// Words past [`MAX_CLAIMED`] that were not read.
    pub unread: usize,
}

/// A board solved under a round's rules: every word that counts, with its points and a path.
pub struct Round {
    board: Board,
    rules: Rules,
    words: Vec<FoundWord>,
    index: HashMap<String, usize>,
    total: u32,
}

impl Round {
    /// Solves `board` with `solver` under `rules`: the words of at least `min_letters`
    /// letters, with multiboggle points when the rule is on. An error when the board has more
    /// paths through the word list than the solver follows.
    pub fn new(solver: &mut Solver, board: Board, rules: Rules) -> Result<Round, TooBigToSolve> {
        let words = rules.counted(solver, &board)?;
        let index = words
            .iter()
            .enumerate()
            .map(|(i, w)| (w.word.clone(), i))
            .collect();
        let total = words.iter().map(|w| w.points).sum();
        Ok(Round {
            board,
            rules,
            words,
            index,
            total,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The round's rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Every word that counts, best first.
    pub fn words(&self) -> &[FoundWord] {
        &self.words
    }

    /// The points of every word that counts.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The verdict on `typed` (any case, surrounding spaces ignored). Checked in this order:
    /// letters only, fits the board, long enough, in the list, on the board. `dict` is the list
    /// the round was solved with.
    pub fn judge(&self, dict: &Dictionary, typed: &str) -> Verdict {
        let word = typed.trim();
        if word.is_empty() {
            return Verdict::Empty;
        }
        if !word.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Verdict::NotLetters;
        }
        let word = word.to_ascii_lowercase();
        if cells(&word) > self.board.len() {
            return Verdict::TooLong {
                cells: self.board.len(),
            };
        }
        if word.len() < self.rules.min_letters {
            return Verdict::TooShort {
                min: self.rules.min_letters,
            };
        }
        if let Some(&i) = self.index.get(&word) {
            let w = &self.words[i];
            return Verdict::Accepted {
                word,
                points: w.points,
                path: w.path.clone(),
            };
        }
        if dict.contains(&word) {
            Verdict::NotOnBoard
        } else {
            Verdict::NotAWord
        }
    }

    /// Reviews a player's list: each word judged once (repeats noted), at most [`MAX_CLAIMED`].
    pub fn review<S: AsRef<str>>(&self, dict: &Dictionary, claimed: &[S]) -> Review {
        let mut seen = HashSet::new();
        let mut found = Vec::new();
        let mut refused = Vec::new();
        let mut repeated = Vec::new();
        for typed in claimed.iter().take(MAX_CLAIMED).map(AsRef::as_ref) {
            let key = typed.trim().to_ascii_lowercase();
            if key.is_empty() {
                continue;
            }
            if !seen.insert(key.clone()) {
                repeated.push(key.chars().take(40).collect());
                continue;
            }
            match self.judge(dict, typed) {
                Verdict::Accepted { word, points, path } => {
                    found.push(FoundWord { word, points, path })
                }
                verdict => refused.push(Refused {
                    word: typed.trim().chars().take(40).collect(),
                    verdict,
                }),
            }
        }
        let counted: HashSet<&str> = found.iter().map(|w| w.word.as_str()).collect();
        let missed = self
            .words
            .iter()
            .filter(|w| !counted.contains(w.word.as_str()))
            .cloned()
            .collect();
        found.sort_by(FoundWord::listing_order);
        Review {
            score: found.iter().map(|w| w.points).sum(),
            total: self.total,
            words: self.words.len(),
            found,
            missed,
            refused,
            repeated,
            unread: claimed.len().saturating_sub(MAX_CLAIMED),
        }
    }
}

/// The cells a word takes on a board: one a letter, one for each `qu`.
fn cells(word: &str) -> usize {
    let b = word.as_bytes();
    let qu = b
        .windows(2)
        .filter(|p| p[0] == b'a' + QU && p[1] == b'u')
        .count();
    b.len() - qu
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn solver() -> (Arc<Dictionary>, Solver) {
        let dict = Arc::new(
            Dictionary::from_bytes(b"tea\ntee\neat\nate\neta\ntate\nteat\nquit\nquite\nzebra\n")
                .unwrap(),
        );
        let s = Solver::new(Arc::clone(&dict));
        (dict, s)
    }

    #[test]
    fn rules_take_a_shortest_word_of_3_to_8_letters() {
        assert_eq!(Rules::new(4, true).map(|r| r.min_letters), Ok(4));
        for bad in [0, 2, 9, usize::MAX] {
            let e = Rules::new(bad, false).expect_err("out of range");
            assert!(e.contains("3 to 8 letters"), "{bad}: {e}");
        }
    }

    #[test]
    fn judges_each_case() {
        let (dict, mut s) = solver();
        let r = Round::new(
            &mut s,
            Board::parse("teat", None).unwrap(),
            Rules::default(),
        )
        .unwrap();
        assert!(
            matches!(r.judge(&dict, " TEA "), Verdict::Accepted { ref word, points: 1, .. } if word == "tea")
        );
        assert_eq!(r.judge(&dict, "   "), Verdict::Empty);
        assert_eq!(r.judge(&dict, "<b>tea</b>"), Verdict::NotLetters);
        assert_eq!(r.judge(&dict, "t\u{202e}ea"), Verdict::NotLetters);
        assert_eq!(r.judge(&dict, "teats"), Verdict::TooLong { cells: 4 });
        assert_eq!(
            r.judge(&dict, &"a".repeat(10_000)),
            Verdict::TooLong { cells: 4 }
        );
        assert_eq!(r.judge(&dict, "te"), Verdict::TooShort { min: 3 });
        assert_eq!(r.judge(&dict, "tae"), Verdict::NotAWord);
        assert_eq!(r.judge(&dict, "zebr"), Verdict::NotAWord);
        assert_eq!(r.judge(&dict, "tee"), Verdict::NotOnBoard);
        assert_eq!(r.words().len(), 6);
        assert_eq!(r.total(), 6);
    }

    #[test]
    fn a_qu_cube_is_one_cell_and_two_letters() {
        let (dict, mut s) = solver();
        let b = Board::parse("qite", None).unwrap();
        let r = Round::new(&mut s, b.clone(), Rules::default()).unwrap();
        assert!(
            matches!(r.judge(&dict, "quite"), Verdict::Accepted { points: 2, ref path, .. } if path.len() == 4)
        );
        let five = Round::new(
            &mut s,
            b,
            Rules {
                min_letters: 5,
                multiboggle: false,
            },
        )
        .unwrap();
        assert_eq!(five.judge(&dict, "quit"), Verdict::TooShort { min: 5 });
        assert!(matches!(
            five.judge(&dict, "quite"),
            Verdict::Accepted { .. }
        ));
        assert_eq!(five.words().len(), 1);
    }

    #[test]
    fn multiboggle_points_count_each_set_of_cells() {
        let (dict, mut s) = solver();
        let b = Board::parse("teat", None).unwrap();
        let rules = Rules {
            min_letters: 3,
            multiboggle: true,
        };
        let r = Round::new(&mut s, b.clone(), rules).unwrap();
        assert_eq!(r.total(), s.multiboggle_score(&b).unwrap());
        // "tea" is spelled from either T: two sets of cells.
        assert!(matches!(
            r.judge(&dict, "tea"),
            Verdict::Accepted { points: 2, .. }
        ));
    }

    #[test]
    fn a_review_splits_found_missed_and_refused() {
        let (dict, mut s) = solver();
        let r = Round::new(
            &mut s,
            Board::parse("teat", None).unwrap(),
            Rules::default(),
        )
        .unwrap();
        let claimed = ["Tea", "eat", "tea", "tee", "xyz", "", "te", "tate"];
        let v = r.review(&dict, &claimed);
        let found: Vec<&str> = v.found.iter().map(|w| w.word.as_str()).collect();
        assert_eq!(found, ["eat", "tate", "tea"]);
        let missed: Vec<&str> = v.missed.iter().map(|w| w.word.as_str()).collect();
        assert_eq!(missed, ["ate", "eta", "teat"]);
        assert_eq!(v.score, 3);
        assert_eq!((v.total, v.words), (6, 6));
        assert_eq!(v.repeated, ["tea"]);
        let refused: Vec<(&str, &Verdict)> = v
            .refused
            .iter()
            .map(|x| (x.word.as_str(), &x.verdict))
            .collect();
        assert_eq!(
            refused,
            [
                ("tee", &Verdict::NotOnBoard),
                ("xyz", &Verdict::NotAWord),
                ("te", &Verdict::TooShort { min: 3 })
            ]
        );
        let many = vec!["tea"; MAX_CLAIMED + 5];
        assert_eq!(r.review(&dict, &many).unread, 5);
    }
}
