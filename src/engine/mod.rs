//! The engine proper: boards, word lists, the solver and the rules they follow.
//!
//! Everything else builds on this wing: [`crate::bounds`] and [`crate::breaking`] reason about
//! whole classes of boards with the same trie, and [`crate::optimize`] walks from board to board
//! scoring each with [`Solver`].
//!
//! - [`board`]: a grid of letters, how it is typed and written, board sizes, neighbour tables.
//! - [`dictionary`]: word lists read from any real file into a compact trie.
//! - [`compiled`]: that trie saved as bytes made for size, so the page loads a shipped list fast.
//! - [`dawg`]: the trie with equal subtrees shared, the body of a compiled list (what is coded
//!   in which context in `dawg/model.rs`), coded by
//!   `range_coder` (a binary adaptive range coder).
//! - [`solver`]: every word on a board, with paths and scores; the hot scoring loop (its
//!   neighbour lookup in `solver/next_cells.rs`, its path stack in `solver/paths.rs`), and
//!   every one-letter variant of a cell scored in one walk (`solver/variants.rs`).
//! - [`scoring`]: how many points a word is worth.
//! - [`symmetry`]: rotations, reflections and canonical forms.
//! - [`dice`]: random boards from real dice or uniform letters.
//! - [`trace`]: a path spelling any string on a board, word or not.

pub mod board;
pub mod compiled;
pub mod dawg;
pub mod dice;
pub mod dictionary;
pub(crate) mod range_coder;
pub mod scoring;
pub mod solver;
pub mod symmetry;
pub mod trace;

pub use board::{Board, BoardError};
pub use dictionary::{Dictionary, LoadStats};
pub use solver::{FoundWord, Solver};

/// A count with its noun, as every message words one (and as the page's `plural()` does):
/// grouped by [`grouped`], `one` for 1 and `many` for any other count.
///
/// ```
/// use boggle::engine::plural;
/// assert_eq!(plural(1usize, "class", "classes"), "1 class");
/// assert_eq!(plural(0u64, "thread", "threads"), "0 threads");
/// assert_eq!(plural(34_960u32, "class", "classes"), "34,960 classes");
/// ```
pub fn plural<T: PartialEq + From<u8> + std::fmt::Display>(n: T, one: &str, many: &str) -> String {
    format!("{} {}", grouped(&n), unit(n, one, many))
}

/// The word alone that agrees with a count: `one` for 1, `many` otherwise ("reaches" or
/// "reach"), as the page's `unit()`.
pub fn unit<'a, T: PartialEq + From<u8>>(n: T, one: &'a str, many: &'a str) -> &'a str {
    if n == T::from(1) {
        one
    } else {
        many
    }
}

/// A count (any unsigned integer) with its thousands grouped by commas, as the page writes
/// counts: every message that gives a count writes it so.
///
/// ```
/// assert_eq!(boggle::engine::grouped(16_777_216u64), "16,777,216");
/// assert_eq!(boggle::engine::grouped(999usize), "999");
/// ```
pub fn grouped(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A character a message names, as a reader can see it: quoted as typed (`'é'`), or by its code
/// point (`U+202E`) when it is invisible or would reorder the text around it.
///
/// ```
/// use boggle::engine::shown_char;
/// assert_eq!(shown_char('é'), "'é'");
/// assert_eq!(shown_char('\u{202e}'), "U+202E");
/// assert_eq!(shown_char('\u{7}'), "U+0007");
/// assert_eq!(shown_char('\''), "'''");
/// ```
pub fn shown_char(c: char) -> String {
    if unseen(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("'{c}'")
    }
}

/// Whether a message must not print `c` as it is: a control character, or one that is
/// invisible or would reorder the text around it.
fn unseen(c: char) -> bool {
    c.is_control() || c.escape_debug().to_string().starts_with("\\u")
}

/// Text a message repeats (a file name, say), with the characters [`shown_char`] would not
/// print as they are escaped, so it cannot move the cursor or forge a line.
///
/// ```
/// assert_eq!(boggle::engine::escaped("x\u{1b}[2J\nO'Brien"), "x\\u{1b}[2J\\nO'Brien");
/// ```
pub fn escaped(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if unseen(c) {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// How many characters of typed input [`quoted`] keeps: enough to recognise a value, short
/// enough that any message quoting it stays one line.
pub const QUOTED_CHARS: usize = 40;

/// Input a message quotes back (a size, a shard, an id typed wrong): cut to [`QUOTED_CHARS`]
/// characters and [`escaped`], so a huge or hostile value still makes a short, harmless line.
///
/// ```
/// assert_eq!(boggle::engine::quoted(&"x".repeat(50)), format!("{}\u{2026}", "x".repeat(40)));
/// ```
pub fn quoted(text: &str) -> String {
    quoted_to(text, QUOTED_CHARS)
}

/// [`quoted`] with a cut of its own: at most `max` characters (then an ellipsis), [`escaped`].
/// For a place with a reason to keep more or less than [`QUOTED_CHARS`] (a whole board typed
/// row by row, a name that is a few characters when right).
///
/// ```
/// use boggle::engine::quoted_to;
/// assert_eq!(quoted_to("abcdef", 3), "abc\u{2026}");
/// assert_eq!(quoted_to("a\u{1b}[2J", 9), "a\\u{1b}[2J");
/// ```
pub fn quoted_to(text: &str, max: usize) -> String {
    escaped(&shortened(text.as_bytes(), max))
}

/// `data` without the byte-order mark (EF BB BF) some editors put at the start of a UTF-8
/// file: every reader of a text file or stream starts here, so a list, a board or a proof file
/// saved so reads as it looks.
///
/// ```
/// assert_eq!(boggle::engine::without_bom(b"\xEF\xBB\xBFtea\n"), b"tea\n");
/// assert_eq!(boggle::engine::without_bom(b"tea\n"), b"tea\n");
/// ```
pub fn without_bom(data: &[u8]) -> &[u8] {
    data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data)
}

/// Text for a message: invalid UTF-8 as U+FFFD, and past `max` characters cut, with an
/// ellipsis. Only the start of long text is decoded.
///
/// ```
/// assert_eq!(boggle::engine::shortened(b"abcdef", 3), "abc\u{2026}");
/// assert_eq!(boggle::engine::shortened(b"abc", 3), "abc");
/// ```
pub fn shortened(text: &[u8], max: usize) -> String {
    // A character takes at most 4 bytes and a broken one at most 3, so a head cut at 4 * max + 4
    // bytes still holds more than `max` characters: cut text always gets its ellipsis.
    let head = &text[..text.len().min(4 * max + 4)];
    let decoded = String::from_utf8_lossy(head);
    match decoded.char_indices().nth(max) {
        Some((cut, _)) => format!("{}\u{2026}", &decoded[..cut]),
        None => decoded.into_owned(),
    }
}
