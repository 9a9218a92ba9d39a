//! Word lists and the trie the solver walks.
//!
//! A list is read from raw bytes (any real file: CRLF or LF, padding, uppercase, blank lines,
//! duplicates, junk) and filtered by the Boggle rules (`dictionary/reading.rs`), then stored
//! here as a compact trie: 8 bytes a node, children of a node contiguous and in breadth-first
//! order, found by counting bits in the node's 26-bit child mask. The pair `qu` is one symbol,
//! `q`.

mod reading;

pub(crate) use reading::check_size;
pub(crate) use reading::read_letters;
use reading::{read_list, ListWords};
pub use reading::{
    DictionaryError, LoadStats, MAX_EXAMPLE_CHARS, MAX_LIST_BYTES, MAX_LIST_LINES, MAX_WORD_LETTERS,
};

use crate::engine::board::{push_letter, ALL_LETTERS_MASK, QU};
use crate::engine::scoring::points;

/// Where a node's points start in its packed bits (below them: the 26-bit child mask).
pub(crate) const POINTS_SHIFT: u32 = 27;

/// One trie node: a 26-bit child mask plus the node's word points in bits 27..31, and the
/// index of its first child. The child for letter `l` is at
/// `first + popcount(mask & ((1 << l) - 1))`.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Node {
    bits: u32,
    first: u32,
}

impl Node {
    /// A node with child letters `children` (a 26-bit mask), `points` for the word ending here
    /// and its first child at index `first`.
    #[inline(always)]
    pub(crate) fn new(children: u32, points: u32, first: u32) -> Node {
        Node {
            bits: children | points << POINTS_SHIFT,
            first,
        }
    }

    /// Letters (as a bit mask, `a` = bit 0) that continue a word from here.
    #[inline(always)]
    pub fn children(self) -> u32 {
        self.bits & ALL_LETTERS_MASK
    }

    /// Points for the word that ends here, or 0 when no word ends here.
    #[inline(always)]
    pub fn points(self) -> u32 {
        self.bits >> POINTS_SHIFT
    }

    /// The child mask and points as stored (letters in bits 0-25), for lookups that read only
    /// the letters' bits.
    #[inline(always)]
    pub(crate) fn packed(self) -> u32 {
        self.bits
    }

    /// Index of the first child (the node's children follow it in letter order).
    #[inline(always)]
    pub(crate) fn first(self) -> u32 {
        self.first
    }

    /// Index of the child for `letter`, which must be in [`Node::children`].
    #[inline(always)]
    pub fn child_unchecked(self, letter: u32) -> u32 {
        self.first + (self.bits & ((1u32 << letter) - 1)).count_ones()
    }

    /// Index of the child for `letter`, if a word continues with it.
    #[inline]
    pub fn child(self, letter: u8) -> Option<u32> {
        (letter < 26 && self.bits & (1 << letter) != 0).then(|| self.child_unchecked(letter as u32))
    }
}

/// What reading a word list found; lets the page and the CLI tell the user what was skipped.
/// A word list as a trie; immutable once built, so one can be shared by many solvers.
#[derive(Clone, Debug)]
pub struct Dictionary {
    nodes: Vec<Node>,
    stats: LoadStats,
}

/// Index of the root node.
pub const ROOT: u32 = 0;

impl Dictionary {
    /// Reads a word list (one word per line) and builds its trie.
    ///
    /// ```
    /// let d = boggle::Dictionary::from_bytes(b"Tea\r\ntee\n\nqueen\nqat\nno\ncaf\xc3\xa9\ntea\n").unwrap();
    /// assert_eq!(d.len(), 3);
    /// assert!(d.contains("queen") && d.contains("tea") && !d.contains("te"));
    /// let s = d.stats();
    /// assert_eq!((s.lines, s.blank, s.q_without_u, s.too_short, s.bad_chars, s.duplicates), (8, 1, 1, 1, 1, 1));
    /// ```
    ///
    /// Input over [`MAX_LIST_BYTES`] or [`MAX_LIST_LINES`] is an error; a word longer than
    /// [`MAX_WORD_LETTERS`] letters is skipped and counted in [`LoadStats::too_long`].
    pub fn from_bytes(data: &[u8]) -> Result<Dictionary, DictionaryError> {
        let ListWords {
            letters,
            spans,
            stats,
        } = read_list(data)?;
        let nodes = build_trie(&letters, &spans);
        Ok(Dictionary { nodes, stats })
    }

    /// A dictionary from a finished breadth-first trie (children contiguous, after their
    /// parent, no word deeper than a board), as a compiled list's expansion builds it. Checked
    /// here: the list header's counts against one another and its word count against the trie.
    /// The header's notes are [`escaped`](crate::engine::escaped) as every message's quoted
    /// text is, since a hostile file's note could otherwise move the cursor or clear a
    /// terminal.
    pub(crate) fn from_trie(
        nodes: Vec<Node>,
        mut stats: LoadStats,
    ) -> Result<Dictionary, DictionaryError> {
        if let Some(why) = stats.impossible() {
            return Err(DictionaryError::Corrupt(why.to_string()));
        }
        let words = nodes.iter().filter(|n| n.points() > 0).count();
        if words != stats.words || words == 0 {
            return Err(DictionaryError::Corrupt(
                "the word count does not match".to_string(),
            ));
        }
        for note in &mut stats.notes {
            *note = crate::engine::escaped(note);
        }
        Ok(Dictionary { nodes, stats })
    }

    /// What reading the list found.
    pub fn stats(&self) -> &LoadStats {
        &self.stats
    }

    /// Number of distinct playable words.
    pub fn len(&self) -> usize {
        self.stats.words
    }

    /// True when the list holds no words (never, for a list that loaded).
    pub fn is_empty(&self) -> bool {
        self.stats.words == 0
    }

    /// The trie's nodes; index [`ROOT`] is the root.
    #[inline(always)]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Number of trie nodes (memory is 8 bytes each).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The node reached by spelling `word` (`qu` as one step), if it is a prefix of some word.
    pub fn find(&self, word: &str) -> Option<u32> {
        let mut buf = Vec::new();
        read_letters(word.as_bytes(), &mut buf).ok()?;
        buf.iter()
            .try_fold(ROOT, |n, &l| self.nodes[n as usize].child(l))
    }

    /// True when `word` is in the list.
    pub fn contains(&self, word: &str) -> bool {
        self.find(word)
            .is_some_and(|n| self.nodes[n as usize].points() > 0)
    }

    /// Every word in the list, in alphabetical order (for tests and exports).
    pub fn words(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.len());
        let mut prefix = String::new();
        self.collect(ROOT, &mut prefix, &mut out);
        out
    }

    /// A fingerprint of the words (64-bit FNV-1a over them in alphabetical order, each ended by a
    /// newline): proof files record it, so that runs over different word lists never mix.
    pub fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for w in self.words() {
            for &b in w.as_bytes().iter().chain(b"\n") {
                h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        h
    }

    /// How often each letter (`a` = 0; `qu` counts as `q`) occurs in the list's words, every
    /// word counted once: what the optimizers' default alphabet is chosen from.
    pub fn letter_counts(&self) -> [u64; 26] {
        let mut counts = [0; 26];
        self.count_below(ROOT, &mut counts);
        counts
    }

    /// Adds the letters of the words below node `n` to `counts` and returns how many words
    /// end at or below it (each edge's letter occurs once in every word below it).
    fn count_below(&self, n: u32, counts: &mut [u64; 26]) -> u64 {
        let node = self.nodes[n as usize];
        let mut words = u64::from(node.points() > 0);
        let mut m = node.children();
        while m != 0 {
            let l = m.trailing_zeros();
            m &= m - 1;
            let below = self.count_below(node.child_unchecked(l), counts);
            counts[l as usize] += below;
            words += below;
        }
        words
    }

    fn collect(&self, n: u32, prefix: &mut String, out: &mut Vec<String>) {
        let node = self.nodes[n as usize];
        if node.points() > 0 {
            out.push(prefix.clone());
        }
        let mut m = node.children();
        while m != 0 {
            let l = m.trailing_zeros();
            m &= m - 1;
            let len = prefix.len();
            push_letter(prefix, l as u8);
            self.collect(node.child_unchecked(l), prefix, out);
            prefix.truncate(len);
        }
    }
}
/// Builds the breadth-first trie from sorted, distinct words (letter indices, `qu` as `q`) of
/// at most [`MAX_WORD_LETTERS`] letters each, so a node's depth fits in a byte.
fn build_trie(letters: &[u8], spans: &[(u32, u32)]) -> Vec<Node> {
    let word = |i: u32| {
        let (s, l) = spans[i as usize];
        &letters[s as usize..(s + l) as usize]
    };
    // Node i covers the words in ranges[i] (all sharing its prefix of length depth[i]).
    let mut nodes: Vec<Node> = Vec::with_capacity(spans.len() * 2);
    let mut ranges: Vec<(u32, u32)> = Vec::with_capacity(spans.len() * 2);
    let mut depth: Vec<u8> = Vec::with_capacity(spans.len() * 2);
    nodes.push(Node::default());
    ranges.push((0, spans.len() as u32));
    depth.push(0);
    let mut i = 0;
    while i < nodes.len() {
        let (mut lo, hi) = ranges[i];
        let d = depth[i] as usize;
        let mut bits = 0u32;
        let w = word(lo);
        if w.len() == d {
            let qs = w.iter().filter(|&&l| l == QU).count();
            bits |= points(d + qs) << POINTS_SHIFT;
            lo += 1;
        }
        let first = nodes.len() as u32;
        while lo < hi {
            let l = word(lo)[d];
            let start = lo;
            while lo < hi && word(lo)[d] == l {
                lo += 1;
            }
            bits |= 1 << l;
            nodes.push(Node::default());
            ranges.push((start, lo));
            // Exact, never clamped (a clamped depth made a node its own child, forever).
            depth.push((d + 1) as u8);
        }
        nodes[i] = Node { bits, first };
        i += 1;
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_files_and_utf16_text_are_named_not_read_as_junk() {
        let gzip = b"\x1f\x8b\x08\x00rest of a gzip stream\ncat\n";
        let mut utf16 = vec![0xff, 0xfe];
        utf16.extend("cat\ndog\n".encode_utf16().flat_map(u16::to_le_bytes));
        for (bytes, says) in [
            (
                &gzip[..],
                "the word list is a gzip file: unpack it first (gunzip)",
            ),
            (
                &utf16[..],
                "the word list is UTF-16 text: save it as UTF-8 (or plain ASCII) text",
            ),
            (
                b"PK\x03\x04zip",
                "the word list is a zip file: unpack it first",
            ),
        ] {
            let e = Dictionary::from_bytes(bytes).unwrap_err();
            assert_eq!(e.to_string(), says);
            assert_eq!(crate::engine::compiled::load(bytes).unwrap_err(), e);
        }
        // A UTF-8 byte-order mark is text, read as before.
        assert_eq!(
            Dictionary::from_bytes(b"\xef\xbb\xbfcat\n").unwrap().len(),
            1
        );
    }

    #[test]
    fn children_are_contiguous_and_found_by_popcount() {
        let d = Dictionary::from_bytes(b"cat\ncar\ncart\ndog\nquit\n").unwrap();
        assert_eq!(d.words(), ["car", "cart", "cat", "dog", "quit"]);
        let c = d.nodes()[ROOT as usize].child(2).unwrap();
        let ca = d.nodes()[c as usize].child(0).unwrap();
        let node = d.nodes()[ca as usize];
        assert_eq!(node.children(), (1 << (b'r' - b'a')) | (1 << (b't' - b'a')));
        assert_eq!(
            node.child(b't' - b'a'),
            Some(node.child(b'r' - b'a').unwrap() + 1)
        );
        assert_eq!(d.nodes()[d.find("quit").unwrap() as usize].points(), 1);
    }

    #[test]
    fn letter_counts_match_the_words() {
        let text = b"cat\ncar\ncart\ndog\nquit\nteeth\n";
        let d = Dictionary::from_bytes(text).unwrap();
        // Counted from the words themselves, `qu` as one `q`.
        let mut expected = [0u64; 26];
        for w in d.words() {
            for b in w.replace("qu", "q").bytes() {
                expected[usize::from(b - b'a')] += 1;
            }
        }
        assert_eq!(d.letter_counts(), expected);
        assert_eq!(d.letter_counts()[usize::from(b't' - b'a')], 5);
        assert_eq!(d.letter_counts()[usize::from(b'u' - b'a')], 0);
    }

    #[test]
    fn fingerprints_tell_word_lists_apart_but_not_their_order() {
        let f = |t: &[u8]| Dictionary::from_bytes(t).unwrap().fingerprint();
        assert_eq!(f(b"cat\ndog\n"), f(b"DOG\r\ncat\ncat"));
        assert_ne!(f(b"cat\ndog\n"), f(b"cat\ndig\n"));
        assert_ne!(f(b"cat\ndog\n"), f(b"catdog\n"));
    }

    #[test]
    fn unsorted_input_with_duplicates() {
        let d = Dictionary::from_bytes(b"zoo\nant\nZOO\n  ant  \r\nbee").unwrap();
        assert_eq!(d.words(), ["ant", "bee", "zoo"]);
        assert_eq!(d.stats().duplicates, 2);
        assert_eq!(d.stats().lines, 5);
    }

    #[test]
    fn a_list_saved_with_a_byte_order_mark_keeps_its_first_word() {
        let d = Dictionary::from_bytes(b"\xEF\xBB\xBFzoo\r\nant\r\n").unwrap();
        assert_eq!(d.words(), ["ant", "zoo"]);
        assert_eq!(d.stats().skipped(), 0);
    }

    #[test]
    fn qu_words_count_two_letters() {
        let d = Dictionary::from_bytes(b"qua\nquiet\nquoted\n").unwrap();
        let pts = |w| d.nodes()[d.find(w).unwrap() as usize].points();
        assert_eq!((pts("qua"), pts("quiet"), pts("quoted")), (1, 2, 3));
    }

    #[test]
    fn words_longer_than_any_board_are_skipped_and_named() {
        let text = format!(
            "{}\ncat\n{}\n{}\n{}\n",
            "a".repeat(300),
            "b".repeat(45),
            "qu".repeat(36),
            "c".repeat(73)
        );
        let d = Dictionary::from_bytes(text.as_bytes()).unwrap();
        // 72 letters is what 36 Qu cells spell: the longest word kept. A 45-letter word without
        // a Qu fits no board but is playable by the rules, so it is kept and counted.
        assert_eq!(d.len(), 3);
        assert!(d.contains(&"b".repeat(45)) && d.contains(&"qu".repeat(36)));
        assert_eq!(d.stats().too_long, 2);
        assert_eq!(
            d.stats().notes,
            [
                "line 1: 300 letters, longer than any 6x6 board can spell: skipped",
                "line 5: 73 letters, longer than any 6x6 board can spell: skipped"
            ]
        );
        let e = Dictionary::from_bytes("x".repeat(73).as_bytes()).unwrap_err();
        assert!(e.to_string().contains("1 longer than any 6x6 board"), "{e}");
    }

    #[test]
    fn a_skipped_line_is_shown_by_its_start_however_long() {
        let mut text = format!("caf\u{e9}\ncat\n{}1\n", "x".repeat(1_000_000)).into_bytes();
        // Invalid UTF-8, cut inside a character: still one short line of text.
        text.extend_from_slice(&[0xff; 100]);
        text.extend_from_slice(b"\n\xf0\x9f\x98\n");
        let d = Dictionary::from_bytes(&text).unwrap();
        let shown = &d.stats().bad_examples;
        assert_eq!(shown[0], "caf\u{e9}");
        assert_eq!(
            shown[1],
            format!("{}\u{2026}", "x".repeat(MAX_EXAMPLE_CHARS))
        );
        assert_eq!(
            shown[2],
            format!("{}\u{2026}", "\u{fffd}".repeat(MAX_EXAMPLE_CHARS))
        );
        assert_eq!(shown[3], "\u{fffd}");
        assert_eq!(d.stats().bad_chars, 4);
        // However the head is cut, inside a character or among broken ones, a long line keeps
        // exactly its first 40 characters and an ellipsis.
        for lead in 0..4 {
            for unit in ["\u{1f600}".as_bytes(), b"\xf0\x9f\x98", b"\xe2\x82"] {
                let mut line = b"a".repeat(lead);
                (0..100).for_each(|_| line.extend_from_slice(unit));
                let cut = crate::engine::shortened(&line, MAX_EXAMPLE_CHARS);
                assert_eq!(
                    cut.chars().count(),
                    MAX_EXAMPLE_CHARS + 1,
                    "{lead} {unit:?}"
                );
                assert!(cut.ends_with('\u{2026}'));
            }
        }
        // A compiled list keeps the examples as read.
        let again =
            crate::engine::compiled::load(&crate::engine::compiled::to_bytes(&d).unwrap()).unwrap();
        assert_eq!(&again.stats().bad_examples, shown);
    }

    #[test]
    fn size_and_line_limits_are_named() {
        let big = vec![b'a'; MAX_LIST_BYTES + 1];
        let e = Dictionary::from_bytes(&big).unwrap_err();
        assert_eq!(e, DictionaryError::TooBig(MAX_LIST_BYTES + 1));
        // Reading stops one byte over the limit: the size is not known.
        assert_eq!(
            e.to_string(),
            "the word list is more than the limit of 16 MB"
        );
        // Sizes are given to a tenth of a MB, rounded up: never as the limit itself.
        for (bytes, shown) in [
            (17 << 20, "17.0 MB"),
            ((17 << 20) - 40_000, "17.0 MB"),
            ((33 << 19) + 60_000, "16.6 MB"),
            ((16 << 20) + 2, "16.1 MB"),
        ] {
            assert!(
                DictionaryError::TooBig(bytes)
                    .to_string()
                    .contains(&format!("is {shown},")),
                "{bytes}"
            );
        }
        let lines = vec![b'\n'; MAX_LIST_LINES + 1];
        let e = Dictionary::from_bytes(&lines).unwrap_err();
        assert_eq!(e, DictionaryError::TooManyLines);
        assert!(e.to_string().contains("limit of 2,000,000 lines"), "{e}");
        // Exactly at the line limit is fine (the final newline ends the last line).
        let mut ok = b"cat".to_vec();
        ok.extend(vec![b'\n'; MAX_LIST_LINES]);
        assert_eq!(
            Dictionary::from_bytes(&ok).unwrap().stats().lines,
            MAX_LIST_LINES
        );
    }

    #[test]
    fn a_list_without_words_is_an_error() {
        let e = Dictionary::from_bytes(b"\n\nab\n12\n").unwrap_err();
        assert!(e.to_string().contains("no playable words"), "{e}");
        // Every reason a line was skipped is counted, grouped.
        let mut many = b"qat\n".repeat(1200);
        many.extend_from_slice(b"xx\n");
        let e = Dictionary::from_bytes(&many).unwrap_err().to_string();
        assert!(
            e.contains(
                "(1,201 lines read, 1 shorter than 3 letters, 1,200 with q not followed by u)"
            ),
            "{e}"
        );
        assert!(Dictionary::from_bytes(b"").is_err());
        assert!(Dictionary::from_bytes(b"\xff\xfe\x00").is_err());
    }

    /// A compiled list of `d` with its header's counts and notes replaced, as a damaged or
    /// hostile file might have them.
    fn compiled_with(d: &Dictionary, stats: LoadStats) -> Result<Dictionary, DictionaryError> {
        let forged = Dictionary {
            nodes: d.nodes.clone(),
            stats,
        };
        crate::engine::compiled::from_bytes(&crate::engine::compiled::to_bytes(&forged).unwrap())
    }

    #[test]
    fn a_compiled_list_s_header_counts_must_be_possible() {
        let d = Dictionary::from_bytes(b"tea\nteas\ncaf\xc3\xa9\n\ntea\n").unwrap();
        assert_eq!(
            compiled_with(&d, d.stats().clone()).unwrap().stats(),
            d.stats()
        );
        let damaged = |stats: LoadStats| compiled_with(&d, stats).unwrap_err().to_string();
        let s = d.stats().clone();
        assert_eq!(
            damaged(LoadStats {
                bad_chars: 2_298_478_592,
                ..s.clone()
            }),
            "the compiled word list is damaged: its line counts do not add up"
        );
        assert_eq!(
            damaged(LoadStats {
                lines: MAX_LIST_LINES + 1,
                blank: MAX_LIST_LINES + 1 - 4,
                ..s.clone()
            }),
            "the compiled word list is damaged: it counts more lines than a word list may have"
        );
        assert_eq!(
            damaged(LoadStats {
                bad_examples: vec!["one".into(), "two".into()],
                ..s.clone()
            }),
            "the compiled word list is damaged: it has more examples than lines skipped"
        );
        assert_eq!(
            damaged(LoadStats {
                words: 3,
                lines: 6,
                ..s.clone()
            }),
            "the compiled word list is damaged: the word count does not match"
        );
    }

    #[test]
    fn a_compiled_list_s_notes_cannot_drive_a_terminal() {
        let d = Dictionary::from_bytes(b"tea\nteas\n").unwrap();
        let loaded = compiled_with(
            &d,
            LoadStats {
                notes: vec!["\u{1b}[2J\u{1b}[31mHACKED\u{7}\nline 2".into()],
                ..d.stats().clone()
            },
        )
        .unwrap();
        assert_eq!(
            loaded.stats().notes,
            ["\\u{1b}[2J\\u{1b}[31mHACKED\\u{7}\\nline 2"]
        );
    }
}
