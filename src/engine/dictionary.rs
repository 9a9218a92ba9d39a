//! Word lists and the trie the solver walks.
//!
//! A list is read from raw bytes (any real file: CRLF or LF, padding, uppercase, blank lines,
//! duplicates, junk), filtered by the Boggle rules and stored as a compact trie: 8 bytes a node,
//! children of a node contiguous and in breadth-first order, found by counting bits in the
//! node's 26-bit child mask. The pair `qu` is one symbol, `q`.

use crate::engine::board::{push_letter, QU};
use crate::engine::scoring::{points, MIN_WORD_LETTERS};
use std::fmt;

const LETTER_MASK: u32 = (1 << 26) - 1;
const POINTS_SHIFT: u32 = 27;

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
    /// Letters (as a bit mask, `a` = bit 0) that continue a word from here.
    #[inline(always)]
    pub fn children(self) -> u32 {
        self.bits & LETTER_MASK
    }

    /// Points for the word that ends here, or 0 when no word ends here.
    #[inline(always)]
    pub fn points(self) -> u32 {
        self.bits >> POINTS_SHIFT
    }

    /// Index of the child for `letter`, which must be in [`Node::children`].
    #[inline(always)]
    pub fn child_unchecked(self, letter: u32) -> u32 {
        self.first + (self.bits & ((1u32 << letter) - 1)).count_ones()
    }

    /// The packed child mask and points, as stored in a compiled list.
    pub(crate) fn bits(self) -> u32 {
        self.bits
    }

    /// Index of the child for `letter`, if a word continues with it.
    #[inline]
    pub fn child(self, letter: u8) -> Option<u32> {
        (letter < 26 && self.bits & (1 << letter) != 0).then(|| self.child_unchecked(letter as u32))
    }
}

/// What reading a word list found; lets the page and the CLI tell the user what was skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LoadStats {
    /// Lines in the input (a final line without a newline counts).
    pub lines: usize,
    /// Distinct playable words kept.
    pub words: usize,
    /// Empty or whitespace-only lines.
    pub blank: usize,
    /// Lines with a character outside a-z (after lowercasing), e.g. accents, digits, `'`.
    pub bad_chars: usize,
    /// Words shorter than three letters.
    pub too_short: usize,
    /// Words with a `q` not followed by `u`, which no Boggle board can spell.
    pub q_without_u: usize,
    /// Playable words that repeat an earlier line.
    pub duplicates: usize,
    /// Up to five lines skipped for bad characters, to show the user.
    pub bad_examples: Vec<String>,
}

impl LoadStats {
    /// Lines that were not kept as words, blank lines aside.
    pub fn skipped(&self) -> usize {
        self.bad_chars + self.too_short + self.q_without_u
    }
}

/// Why a word list could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DictionaryError {
    /// Nothing in the input is a playable word.
    NoWords(LoadStats),
    /// A compiled list (see [`crate::engine::compiled`]) that is damaged or of another version.
    Corrupt(String),
}

impl fmt::Display for DictionaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DictionaryError::NoWords(s) => {
                write!(
                    f,
                    "the word list has no playable words ({} lines read",
                    s.lines
                )?;
                if s.bad_chars > 0 {
                    write!(f, ", {} with characters other than a-z", s.bad_chars)?;
                }
                if s.too_short > 0 {
                    write!(f, ", {} shorter than 3 letters", s.too_short)?;
                }
                write!(f, "); expected one word per line")
            }
            DictionaryError::Corrupt(why) => write!(f, "the compiled word list is damaged: {why}"),
        }
    }
}

impl std::error::Error for DictionaryError {}

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
    pub fn from_bytes(data: &[u8]) -> Result<Dictionary, DictionaryError> {
        let mut stats = LoadStats::default();
        let mut letters: Vec<u8> = Vec::with_capacity(data.len());
        let mut spans: Vec<(u32, u32)> = Vec::with_capacity(data.len() / 8);
        let data = data.strip_suffix(b"\n").unwrap_or(data);
        if !data.is_empty() {
            for line in data.split(|&b| b == b'\n') {
                stats.lines += 1;
                let word = line.trim_ascii();
                if word.is_empty() {
                    stats.blank += 1;
                    continue;
                }
                match read_word(word, &mut letters) {
                    Ok(start) => spans.push((start as u32, (letters.len() - start) as u32)),
                    Err(why) => match why {
                        Skip::BadChar => {
                            stats.bad_chars += 1;
                            if stats.bad_examples.len() < 5 {
                                stats
                                    .bad_examples
                                    .push(String::from_utf8_lossy(word).into_owned());
                            }
                        }
                        Skip::TooShort => stats.too_short += 1,
                        Skip::QWithoutU => stats.q_without_u += 1,
                    },
                }
            }
        }
        let word = |s: &(u32, u32)| &letters[s.0 as usize..(s.0 + s.1) as usize];
        if !spans.windows(2).all(|w| word(&w[0]) < word(&w[1])) {
            spans.sort_unstable_by(|a, b| word(a).cmp(word(b)));
            let before = spans.len();
            spans.dedup_by(|a, b| word(a) == word(b));
            stats.duplicates = before - spans.len();
        }
        stats.words = spans.len();
        if spans.is_empty() {
            return Err(DictionaryError::NoWords(stats));
        }
        let nodes = build_trie(&letters, &spans);
        Ok(Dictionary { nodes, stats })
    }

    /// A dictionary from trie node bits in breadth-first order (children contiguous), as a
    /// compiled list stores them; checks the structure so a damaged file cannot cause a panic.
    pub(crate) fn from_node_bits(
        bits: &[u32],
        stats: LoadStats,
    ) -> Result<Dictionary, DictionaryError> {
        let bad = |why: &str| Err(DictionaryError::Corrupt(why.to_string()));
        if bits.is_empty() {
            return bad("no nodes");
        }
        let mut nodes = Vec::with_capacity(bits.len());
        let mut next = 1u64;
        let mut words = 0;
        for (i, &b) in bits.iter().enumerate() {
            let pts = b >> POINTS_SHIFT;
            if b & LETTER_MASK != 0 && next <= i as u64 {
                return bad("a node's children come before it");
            }
            if b & !(LETTER_MASK | (0xF << POINTS_SHIFT)) != 0
                || ![0, 1, 2, 3, 5, 11].contains(&pts)
            {
                return bad("a node has invalid bits");
            }
            words += (pts > 0) as usize;
            nodes.push(Node {
                bits: b,
                first: next as u32,
            });
            next += (b & LETTER_MASK).count_ones() as u64;
        }
        if next != bits.len() as u64 {
            return bad("child counts do not match the number of nodes");
        }
        if words != stats.words || words == 0 {
            return bad("the word count does not match");
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

enum Skip {
    BadChar,
    TooShort,
    QWithoutU,
}

/// Appends a word's letter indices (`qu` as one `q`) to `out`; on error `out` is unchanged.
fn read_letters(word: &[u8], out: &mut Vec<u8>) -> Result<usize, Skip> {
    let start = out.len();
    let mut i = 0;
    while i < word.len() {
        let l = word[i].to_ascii_lowercase().wrapping_sub(b'a');
        if l >= 26 {
            out.truncate(start);
            return Err(Skip::BadChar);
        }
        if l == QU {
            if word.get(i + 1).map(|b| b.to_ascii_lowercase()) != Some(b'u') {
                // Keep reading: a bad character later still wins as the reason.
                if word[i + 1..].iter().any(|b| !b.is_ascii_alphabetic()) {
                    out.truncate(start);
                    return Err(Skip::BadChar);
                }
                out.truncate(start);
                return Err(Skip::QWithoutU);
            }
            i += 1;
        }
        out.push(l);
        i += 1;
    }
    Ok(start)
}

/// Reads one line's word; counts letters with Qu as two.
fn read_word(word: &[u8], out: &mut Vec<u8>) -> Result<usize, Skip> {
    let start = read_letters(word, out)?;
    if word.len() < MIN_WORD_LETTERS {
        out.truncate(start);
        return Err(Skip::TooShort);
    }
    Ok(start)
}

/// Builds the breadth-first trie from sorted, distinct words (letter indices, `qu` as `q`).
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
            depth.push((d + 1).min(255) as u8);
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
    fn unsorted_input_with_duplicates() {
        let d = Dictionary::from_bytes(b"zoo\nant\nZOO\n  ant  \r\nbee").unwrap();
        assert_eq!(d.words(), ["ant", "bee", "zoo"]);
        assert_eq!(d.stats().duplicates, 2);
        assert_eq!(d.stats().lines, 5);
    }

    #[test]
    fn qu_words_count_two_letters() {
        let d = Dictionary::from_bytes(b"qua\nquiet\nquoted\n").unwrap();
        let pts = |w| d.nodes()[d.find(w).unwrap() as usize].points();
        assert_eq!((pts("qua"), pts("quiet"), pts("quoted")), (1, 2, 3));
    }

    #[test]
    fn a_list_without_words_is_an_error() {
        let e = Dictionary::from_bytes(b"\n\nab\n12\n").unwrap_err();
        assert!(e.to_string().contains("no playable words"), "{e}");
        assert!(Dictionary::from_bytes(b"").is_err());
        assert!(Dictionary::from_bytes(b"\xff\xfe\x00").is_err());
    }
}
