//! The Play view's engine calls: the verdict on a word a player gives and the review of a
//! list of words, for a board under a round's rules. Both are methods of the word list
//! ([`Dictionary`]), which keeps the last round solved, so a round's words cost one solve.

use super::dictionary::Dictionary;
use super::{js_err, size_opt, to_js};
use crate::engine::board::Board;
use crate::play::{Round, Rules};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Dictionary {
    /// The verdict on `word` for `board` under the rules (`minLetters` from 3 to 8,
    /// `multiboggle`): `{verdict: "accepted", word, points, path}` or `{verdict}` with
    /// "empty", "not-letters", "too-long" (`cells`), "too-short" (`min`), "not-a-word",
    /// "not-on-board". Nothing is remembered about the word: repeats are the page's to see.
    pub fn judge(
        &mut self,
        board: &str,
        size: Option<String>,
        word: &str,
        min_letters: usize,
        multiboggle: bool,
    ) -> Result<JsValue, JsError> {
        self.keep_round(board, size, min_letters, multiboggle)?;
        to_js(&self.kept().judge(&self.dict, word))
    }

    /// Reviews a player's `words` for `board` under the rules: `{score, total, words, found,
    /// missed, refused, repeated, unread}` (`found` and `missed` as the solver lists words,
    /// `refused` as `{word, verdict, ...}`). With no words it is the round's every word, missed.
    pub fn review(
        &mut self,
        board: &str,
        size: Option<String>,
        words: Vec<String>,
        min_letters: usize,
        multiboggle: bool,
    ) -> Result<JsValue, JsError> {
        self.keep_round(board, size, min_letters, multiboggle)?;
        to_js(&self.kept().review(&self.dict, &words))
    }
}

impl Dictionary {
    /// Keeps the round of `board` under the rules: the one kept already, or a new one solved.
    fn keep_round(
        &mut self,
        board: &str,
        size: Option<String>,
        min_letters: usize,
        multiboggle: bool,
    ) -> Result<(), JsError> {
        let rules = Rules::new(min_letters, multiboggle).map_err(|e| JsError::new(&e))?;
        let b = Board::parse(board, size_opt(size)?).map_err(js_err)?;
        let kept = self
            .round
            .as_ref()
            .is_some_and(|r| r.board() == &b && r.rules() == rules);
        if !kept {
            self.round = Some(Round::new(&mut self.solver, b, rules).map_err(js_err)?);
        }
        Ok(())
    }

    /// The round [`Dictionary::keep_round`] kept.
    fn kept(&self) -> &Round {
        self.round.as_ref().expect("a round was kept")
    }
}
