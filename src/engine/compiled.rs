//! Compiled word lists: a built list saved as bytes made for size, so a page downloads a shipped
//! list in a fraction of its text and loads it without parsing and sorting. The build writes
//! one for each shipped list (`boggle compile-list`); uploaded lists are still read as text.
//!
//! Layout (little-endian): the magic `BOGDAWG2`; eight `u32` load statistics (lines, words,
//! blank, bad_chars, too_short, q_without_u, too_long, duplicates); the skipped-line examples
//! and then the notes, each list as a `u32` count and each string as a `u32` length plus UTF-8
//! bytes; then the trie as a minimal DAWG, entropy-coded ([`crate::engine::dawg`]), decoded and
//! expanded into the solver's trie on load. The magic's last byte is the format's version: a
//! list of another version is refused with the way out (compile it again).

use crate::engine::dawg;
use crate::engine::dictionary::{
    check_size, Dictionary, DictionaryError, LoadStats, MAX_EXAMPLE_CHARS, MAX_WORD_LETTERS,
};
use crate::engine::shortened;

const MAGIC: &[u8; 8] = b"BOGDAWG2";
/// The longest note kept from a compiled list: the loader's own notes are under 90 characters.
const MAX_NOTE_CHARS: usize = 200;
/// The most trie nodes a compiled list may expand to (YAWL has 586,000): a damaged or hostile
/// file is refused before it takes more than about 100 MB.
pub const MAX_TRIE_NODES: usize = 1 << 22;

/// A small compiled list that expands into a large trie: every word of 3 to 6 letters over
/// `a`-`e` (19,500 words, 19,531 trie nodes, from 87 bytes). A browser's wasm engine runs new
/// code unoptimized at first; loading this a few times while the real list downloads lets it
/// optimize the loading code first. Written out here (a test checks it against
/// [`every_word_list`], which makes it) so the page's engine carries no list writer.
pub const WARM_UP_LIST: [u8; 87] = [
    66, 79, 71, 68, 65, 87, 71, 50, 44, 76, 0, 0, 44, 76, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 7, 16, 19, 0, 253, 243, 87, 142,
    207, 130, 149, 150, 92, 209, 28, 208, 186, 216, 90, 0, 182, 218, 20, 222, 52, 5, 88, 12, 106,
    235, 148, 155, 247, 71, 61, 181, 107, 243,
];

/// Writes the compiled list of every word of 3 to 6 letters over `a`-`e`: [`WARM_UP_LIST`].
pub fn every_word_list() -> Vec<u8> {
    const LETTERS: u8 = 5;
    const LENGTHS: std::ops::RangeInclusive<usize> = 3..=6;
    let words: usize = LENGTHS.map(|n| (LETTERS as usize).pow(n as u32)).sum();
    let mut out = Vec::new();
    write_header(
        &LoadStats {
            lines: words,
            words,
            ..LoadStats::default()
        },
        &mut out,
    );
    dawg::write_every_word(LETTERS, *LENGTHS.start(), *LENGTHS.end(), &mut out);
    out
}

/// Saves a dictionary in the compiled format; a list whose trie passes [`MAX_TRIE_NODES`] is
/// refused before any work, since loading would refuse the file (text lists may grow bigger
/// tries, up to their own limits).
pub fn to_bytes(dict: &Dictionary) -> Result<Vec<u8>, DictionaryError> {
    if dict.node_count() > MAX_TRIE_NODES {
        return Err(DictionaryError::TooManyNodes(dict.node_count()));
    }
    let mut out = Vec::with_capacity(64 + dict.node_count());
    write_header(dict.stats(), &mut out);
    dawg::write(dict.nodes(), &mut out);
    Ok(out)
}

/// Writes the magic and a list's load statistics: everything before the DAWG.
fn write_header(s: &LoadStats, out: &mut Vec<u8>) {
    out.extend_from_slice(MAGIC);
    for n in [
        s.lines,
        s.words,
        s.blank,
        s.bad_chars,
        s.too_short,
        s.q_without_u,
        s.too_long,
        s.duplicates,
    ] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    for list in [&s.bad_examples, &s.notes] {
        out.extend_from_slice(&(list.len() as u32).to_le_bytes());
        for e in list {
            out.extend_from_slice(&(e.len() as u32).to_le_bytes());
            out.extend_from_slice(e.as_bytes());
        }
    }
}

/// What every compiled list starts with, whatever its format's version (the magic's last byte).
const FAMILY: &[u8; 7] = b"BOGDAWG";

/// True when `bytes` start like a compiled list (as opposed to a text word list), of this or
/// another version of the format.
pub fn is_compiled(bytes: &[u8]) -> bool {
    bytes.starts_with(FAMILY)
}

/// Loads a word list from either form: compiled (recognised by its magic) or text. Either is
/// refused when over [`crate::engine::dictionary::MAX_LIST_BYTES`].
pub fn load(bytes: &[u8]) -> Result<Dictionary, DictionaryError> {
    if is_compiled(bytes) {
        from_bytes(bytes)
    } else {
        Dictionary::from_bytes(bytes)
    }
}

/// Loads a compiled list, checking it thoroughly: damaged input gives an error, never a panic.
pub fn from_bytes(bytes: &[u8]) -> Result<Dictionary, DictionaryError> {
    check_size(bytes)?;
    let corrupt = |why: &str| DictionaryError::Corrupt(why.to_string());
    let rest = bytes.strip_prefix(MAGIC).ok_or_else(|| {
        if is_compiled(bytes) {
            DictionaryError::OtherVersion
        } else {
            corrupt("not a compiled word list")
        }
    })?;
    let mut r = Reader(rest);
    let mut counts = [0usize; 8];
    for c in &mut counts {
        *c = r.u32()? as usize;
    }
    let [lines, words, blank, bad_chars, too_short, q_without_u, too_long, duplicates] = counts;
    // A damaged or hostile file's strings are cut as reading a text list cuts them.
    let bad_examples = r.strings(MAX_EXAMPLE_CHARS)?;
    let notes = r.strings(MAX_NOTE_CHARS)?;
    let stats = LoadStats {
        lines,
        words,
        blank,
        bad_chars,
        too_short,
        q_without_u,
        too_long,
        duplicates,
        bad_examples,
        notes,
    };
    let trie = dawg::expand(r.0, MAX_TRIE_NODES, MAX_WORD_LETTERS)?;
    Dictionary::from_trie(trie, stats)
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], DictionaryError> {
        if self.0.len() < n {
            return Err(DictionaryError::Corrupt("the file is cut short".into()));
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Ok(head)
    }

    fn u32(&mut self) -> Result<u32, DictionaryError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A count and that many strings (the writer stores at most a few), each cut to `max`
    /// characters.
    fn strings(&mut self, max: usize) -> Result<Vec<String>, DictionaryError> {
        let count = self.u32()?;
        if count > 16 {
            return Err(DictionaryError::Corrupt("too many examples".into()));
        }
        let mut out = Vec::new();
        for _ in 0..count {
            let len = self.u32()? as usize;
            out.push(shortened(self.take(len)?, max));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Dictionary {
        Dictionary::from_bytes(b"tea\nteas\nquiet\nzoo\nno\ncaf\xc3\xa9\n").unwrap()
    }

    #[test]
    fn round_trip_keeps_words_nodes_and_stats() {
        let d = sample();
        let bytes = to_bytes(&d).unwrap();
        assert!(is_compiled(&bytes));
        let back = from_bytes(&bytes).unwrap();
        assert_eq!(back.nodes(), d.nodes());
        assert_eq!(back.stats(), d.stats());
        assert_eq!(back.words(), ["quiet", "tea", "teas", "zoo"]);
    }

    #[test]
    fn a_list_too_big_to_load_compiled_is_refused_before_writing() {
        // Words of 60 pseudo-random letters share almost no prefixes: 75,000 of them (4.6 MB,
        // within the text limits) make about 4.5 million trie nodes.
        let mut x: u64 = 1;
        let mut text = Vec::new();
        for _ in 0..75_000 {
            for _ in 0..60 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push(b"abcdefghijklmnoprstuvwxyz"[(x >> 59) as usize % 25]);
            }
            text.push(b'\n');
        }
        let d = Dictionary::from_bytes(&text).unwrap();
        assert!(d.node_count() > MAX_TRIE_NODES, "{} nodes", d.node_count());
        let e = to_bytes(&d).unwrap_err();
        assert_eq!(e, DictionaryError::TooManyNodes(d.node_count()));
        assert!(e
            .to_string()
            .contains("more than a compiled list may hold (4,194,304)"));
    }

    #[test]
    fn a_hostile_files_long_messages_are_cut() {
        let d = sample();
        let stats = LoadStats {
            bad_examples: vec!["y".repeat(100_000)],
            notes: vec!["n".repeat(100_000)],
            ..d.stats().clone()
        };
        let mut bytes = Vec::new();
        write_header(&stats, &mut bytes);
        dawg::write(d.nodes(), &mut bytes);
        let back = from_bytes(&bytes).unwrap();
        assert_eq!(
            back.stats().bad_examples,
            [format!("{}\u{2026}", "y".repeat(40))]
        );
        assert_eq!(back.stats().notes, [format!("{}\u{2026}", "n".repeat(200))]);
    }

    #[test]
    fn damaged_files_are_errors_not_panics() {
        let bytes = to_bytes(&sample()).unwrap();
        assert!(from_bytes(b"tea\nteas\n").is_err());
        for cut in 0..bytes.len() {
            assert!(from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(from_bytes(&longer).is_err());
        // Flip every bit after the magic in turn: each must fail cleanly or load a valid trie.
        for i in MAGIC.len()..bytes.len() {
            for bit in 0..8 {
                let mut b = bytes.clone();
                b[i] ^= 1 << bit;
                if let Ok(d) = from_bytes(&b) {
                    d.words();
                }
            }
        }
    }

    #[test]
    fn the_warm_up_list_holds_every_short_word_over_five_letters() {
        let bytes = every_word_list();
        assert_eq!(
            bytes, WARM_UP_LIST,
            "WARM_UP_LIST is out of date: write it out again"
        );
        let d = from_bytes(&bytes).unwrap();
        assert_eq!(d.len(), 19_500);
        assert_eq!(d.node_count(), 1 + 5 + 25 + 125 + 625 + 3125 + 15625);
        let words = d.words();
        assert_eq!(
            (words[0].as_str(), words.last().unwrap().as_str()),
            ("aaa", "eeeeee")
        );
        assert!(
            d.contains("cab")
                && d.contains("abcdea")
                && !d.contains("ab")
                && !d.contains("abcdeab")
        );
        assert!(!d.contains("fab"));
    }

    #[test]
    fn shared_suffixes_are_written_once() {
        // Every word ends in the same five letters: the DAWG holds that ending once.
        let words: Vec<String> = (b'a'..=b'z')
            .filter(|&c| c != b'q')
            .map(|c| format!("{}inged", c as char))
            .collect();
        let d = Dictionary::from_bytes(words.join("\n").as_bytes()).unwrap();
        assert_eq!(d.node_count(), 1 + 25 * 6);
        let bytes = to_bytes(&d).unwrap();
        assert!(bytes.len() < 150, "{} bytes", bytes.len());
        assert_eq!(from_bytes(&bytes).unwrap().nodes(), d.nodes());
    }

    #[test]
    fn a_cycle_or_an_endless_word_is_refused() {
        // A shared node that names itself as its child spells words with no end.
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&[0; 4 * 8 + 4 + 4]);
        // One word; shared node 0 = [a -> shared 0], ends a word; the root = [a -> shared 0].
        bytes[8 + 4..8 + 8].copy_from_slice(&1u32.to_le_bytes());
        dawg::serialize(
            &[(true, vec![(0, 0)]), (false, vec![(0, 0)])],
            &[0],
            1,
            &mut bytes,
        );
        let e = from_bytes(&bytes).unwrap_err();
        assert!(e.to_string().contains("longer than any board"), "{e}");
    }

    #[test]
    fn a_list_compiled_in_an_older_format_is_refused_with_the_way_out() {
        let mut bytes = to_bytes(&sample()).unwrap();
        bytes[7] = b'1';
        let e = load(&bytes).unwrap_err().to_string();
        assert_eq!(
            e,
            "the word list was compiled by another version of this program: compile it again \
             from its text with `boggle compile-list`"
        );
    }
}
