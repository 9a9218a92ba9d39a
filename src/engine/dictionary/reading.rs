//! Reading a word list's text: which lines are playable words under the Boggle rules, what was
//! skipped and why, and the limits that keep a wrong or hostile file from exhausting memory.

use crate::engine::board::{MAX_CELLS, MAX_SIDE, QU};
use crate::engine::scoring::MIN_WORD_LETTERS;
use crate::engine::{grouped, plural};
use std::fmt;

/// The largest word list read, in bytes (the shipped lists are under 3 MB). Bigger input is
/// refused before anything is built, so a wrong or hostile file cannot exhaust memory.
pub const MAX_LIST_BYTES: usize = 16 << 20;
/// The most lines a word list may have (ENABLE2K has 173,528; YAWL 264,097).
pub const MAX_LIST_LINES: usize = 2_000_000;
/// The longest word kept, in letters: the most a path can spell on the biggest board (6x6),
/// every cell a Qu. Longer lines are skipped, so one huge line cannot grow the trie. Shorter
/// words no board can hold (YAWL's 45 letters) are playable by the rules and are kept and
/// counted; they cost a few trie nodes and no search ever reaches them.
pub const MAX_WORD_LETTERS: usize = 2 * MAX_CELLS;
const _: () = assert!(MAX_WORD_LETTERS < u8::MAX as usize, "trie depths are bytes");
/// How many skipped lines [`LoadStats::notes`] and [`LoadStats::bad_examples`] list.
const MAX_NOTES: usize = 5;
/// The most characters of a skipped line [`LoadStats::bad_examples`] keeps: enough to recognise
/// it, while a file with one huge bad line still makes a message of one line.
pub const MAX_EXAMPLE_CHARS: usize = 40;

/// What reading a word list kept and skipped, line by line, for the messages that explain it.
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
    /// Words longer than [`MAX_WORD_LETTERS`] letters, which no board up to 6x6 can spell.
    pub too_long: usize,
    /// Playable words that repeat an earlier line.
    pub duplicates: usize,
    /// Up to five lines skipped for bad characters, to show the user, each cut to
    /// [`MAX_EXAMPLE_CHARS`] characters and an ellipsis.
    pub bad_examples: Vec<String>,
    /// Up to five skipped lines that deserve a sentence each, e.g.
    /// "line 12: 300 letters, longer than any 6x6 board can spell: skipped".
    pub notes: Vec<String>,
}

impl LoadStats {
    /// Lines that were not kept as words, blank lines aside.
    pub fn skipped(&self) -> usize {
        self.bad_chars + self.too_short + self.q_without_u + self.too_long
    }

    /// Why these counts cannot be what reading a list found, if they cannot: reading puts each
    /// line in exactly one count, a list has at most [`MAX_LIST_LINES`] lines, and each example
    /// is one of the lines skipped for bad characters. A compiled list's header is checked so,
    /// since a damaged or hostile file could claim anything.
    pub(crate) fn impossible(&self) -> Option<&'static str> {
        let counted: u64 = [
            self.words,
            self.duplicates,
            self.blank,
            self.bad_chars,
            self.too_short,
            self.q_without_u,
            self.too_long,
        ]
        .iter()
        .map(|&n| n as u64)
        .sum();
        if self.lines > MAX_LIST_LINES {
            Some("it counts more lines than a word list may have")
        } else if counted != self.lines as u64 {
            Some("its line counts do not add up")
        } else if self.bad_examples.len() > self.bad_chars.min(MAX_NOTES) {
            Some("it has more examples than lines skipped")
        } else {
            None
        }
    }
}

/// Why a word list could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DictionaryError {
    /// Nothing in the input is a playable word.
    NoWords(LoadStats),
    /// A compiled list (see [`crate::engine::compiled`]) that is damaged.
    Corrupt(String),
    /// A list compiled by another version of the format: compiling it again mends it.
    OtherVersion,
    /// A file that is not text one byte a letter (a compressed file, UTF-16 text): what it is.
    NotText(&'static str),
    /// The input is bigger than [`MAX_LIST_BYTES`].
    TooBig(usize),
    /// The input has more than [`MAX_LIST_LINES`] lines.
    TooManyLines,
    /// Compiling: the list's trie has this many nodes, more than a compiled list may expand to
    /// ([`crate::engine::compiled::MAX_TRIE_NODES`]), so the file would be refused on loading.
    TooManyNodes(usize),
}

impl fmt::Display for DictionaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DictionaryError::NoWords(s) => {
                write!(
                    f,
                    "the word list has no playable words ({} read",
                    plural(s.lines, "line", "lines")
                )?;
                if s.bad_chars > 0 {
                    write!(
                        f,
                        ", {} with characters other than a-z",
                        grouped(s.bad_chars)
                    )?;
                }
                if s.too_short > 0 {
                    write!(f, ", {} shorter than 3 letters", grouped(s.too_short))?;
                }
                if s.q_without_u > 0 {
                    write!(f, ", {} with q not followed by u", grouped(s.q_without_u))?;
                }
                if s.too_long > 0 {
                    write!(
                        f,
                        ", {} longer than any {MAX_SIDE}x{MAX_SIDE} board can spell",
                        grouped(s.too_long)
                    )?;
                }
                write!(f, "); expected one word per line")
            }
            DictionaryError::Corrupt(why) => write!(f, "the compiled word list is damaged: {why}"),
            DictionaryError::OtherVersion => write!(
                f,
                "the word list was compiled by another version of this program: compile it \
                 again from its text with `boggle compile-list`"
            ),
            DictionaryError::NotText(what) => write!(f, "the word list is {what}"),
            DictionaryError::TooBig(bytes) => {
                let limit = MAX_LIST_BYTES >> 20;
                if *bytes <= MAX_LIST_BYTES + 1 {
                    // Reading stops one byte past the limit (a pipe or a device has no size):
                    // the whole size is unknown.
                    return write!(f, "the word list is more than the limit of {limit} MB");
                }
                // Tenths of a MB, rounded up so that no size over the limit reads as the
                // limit; in integers: float formatting would add kilobytes to the engine the
                // page downloads first.
                let tenths = (*bytes as u64 * 10).div_ceil(1 << 20);
                write!(
                    f,
                    "the word list is {}.{} MB, more than the limit of {limit} MB",
                    tenths / 10,
                    tenths % 10,
                )
            }
            DictionaryError::TooManyLines => write!(
                f,
                "the word list has more than the limit of {} lines",
                grouped(MAX_LIST_LINES)
            ),
            DictionaryError::TooManyNodes(nodes) => write!(
                f,
                "the word list's trie has {} nodes, more than a compiled list may hold ({}): \
                 use it as text instead",
                grouped(*nodes),
                grouped(crate::engine::compiled::MAX_TRIE_NODES)
            ),
        }
    }
}

impl std::error::Error for DictionaryError {}

/// A list's distinct playable words, sorted: their letters (`qu` as one `q`), each word as a
/// `(start, length)` span of them, and what reading found.
pub(super) struct ListWords {
    pub(super) letters: Vec<u8>,
    pub(super) spans: Vec<(u32, u32)>,
    pub(super) stats: LoadStats,
}

/// Reads a list's lines into its distinct playable words.
pub(super) fn read_list(data: &[u8]) -> Result<ListWords, DictionaryError> {
    check_size(data)?;
    check_text(data)?;
    let mut stats = LoadStats::default();
    let mut letters: Vec<u8> = Vec::with_capacity(data.len());
    let mut spans: Vec<(u32, u32)> = Vec::with_capacity(data.len() / 8);
    let data = crate::engine::without_bom(data);
    let data = data.strip_suffix(b"\n").unwrap_or(data);
    if !data.is_empty() {
        for line in data.split(|&b| b == b'\n') {
            stats.lines += 1;
            if stats.lines > MAX_LIST_LINES {
                return Err(DictionaryError::TooManyLines);
            }
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
                        if stats.bad_examples.len() < MAX_NOTES {
                            stats
                                .bad_examples
                                .push(crate::engine::shortened(word, MAX_EXAMPLE_CHARS));
                        }
                    }
                    Skip::TooShort => stats.too_short += 1,
                    Skip::QWithoutU => stats.q_without_u += 1,
                    Skip::TooLong => {
                        stats.too_long += 1;
                        if stats.notes.len() < MAX_NOTES {
                            stats.notes.push(format!(
                                "line {}: {} letters, longer than any {MAX_SIDE}x{MAX_SIDE} board can spell: skipped",
                                stats.lines,
                                word.len()
                            ));
                        }
                    }
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
    Ok(ListWords {
        letters,
        spans,
        stats,
    })
}

/// What a file that is not a word list's text starts with, and what to tell its reader: files
/// people pick by mistake, which would otherwise read as lines of junk.
const NOT_TEXT: [(&[u8], &str); 7] = [
    (b"\x1f\x8b", "a gzip file: unpack it first (gunzip)"),
    (b"PK\x03\x04", "a zip file: unpack it first"),
    (b"BZh", "a bzip2 file: unpack it first (bunzip2)"),
    (b"\xfd7zXZ\0", "an xz file: unpack it first (unxz)"),
    (b"\x28\xb5\x2f\xfd", "a zstd file: unpack it first (unzstd)"),
    (
        b"\xff\xfe",
        "UTF-16 text: save it as UTF-8 (or plain ASCII) text",
    ),
    (
        b"\xfe\xff",
        "UTF-16 text: save it as UTF-8 (or plain ASCII) text",
    ),
];

/// Refuses a compressed file or UTF-16 text by its first bytes, saying what it is.
pub(crate) fn check_text(data: &[u8]) -> Result<(), DictionaryError> {
    match NOT_TEXT.iter().find(|(magic, _)| data.starts_with(magic)) {
        Some(&(_, what)) => Err(DictionaryError::NotText(what)),
        None => Ok(()),
    }
}

/// Refuses input over [`MAX_LIST_BYTES`]; compiled lists are held to the same limit.
pub(crate) fn check_size(data: &[u8]) -> Result<(), DictionaryError> {
    if data.len() > MAX_LIST_BYTES {
        return Err(DictionaryError::TooBig(data.len()));
    }
    Ok(())
}

/// Why a line is not kept as a word.
pub(crate) enum Skip {
    BadChar,
    TooShort,
    QWithoutU,
    TooLong,
}

/// Appends a word's letter indices (`qu` as one `q`, any case) to `out`; on error `out` is
/// unchanged. The one reading of a typed word: the list's words, lookups and traces.
pub(crate) fn read_letters(word: &[u8], out: &mut Vec<u8>) -> Result<usize, Skip> {
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
    if word.len() > MAX_WORD_LETTERS {
        out.truncate(start);
        return Err(Skip::TooLong);
    }
    Ok(start)
}
