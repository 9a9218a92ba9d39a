//! Word lists as the command line and the Python package find them: a file (text or compiled)
//! read with the engine's size limit, or a built-in list by name, with one wording for every
//! failure and every note about skipped words. The page gets its lists from the server instead.

use crate::engine::dictionary::{DictionaryError, MAX_LIST_BYTES};
use crate::engine::{grouped, plural, unit};
use crate::files::{io_reason, shown_name};
use crate::{Dictionary, LoadStats};
use std::io::{self, Read};

/// The name of the list used when none is given: the first built-in one.
pub const DEFAULT: &str = BUILT_IN[0].0;

/// The built-in word lists: URL name, display name, text, and where it comes from in a phrase
/// (what the page says of it). The first is the default everywhere.
pub const BUILT_IN: &[(&str, &str, &[u8], &str)] = &[
    (
        "enable2k",
        "ENABLE2K",
        include_bytes!("../wordlists/enable2k.txt"),
        "Alan Beale's public-domain list (2000), the one the best boards were proved with",
    ),
    (
        "yawl",
        "YAWL",
        include_bytes!("../wordlists/yawl.txt"),
        "Yet Another Word List, Mendel Leo Cooper's public-domain list (2008): ENABLE2K and many rarer words",
    ),
];

/// Where a named list comes from.
pub enum Source {
    /// A file's bytes.
    File(Vec<u8>),
    /// [`BUILT_IN`]'s list at this index.
    BuiltIn(usize),
}

/// "word list 'NAME'", the name quoted and escaped as every message shows a file name.
pub fn list_name(name: &str) -> String {
    format!("word list {}", shown_name(name))
}

/// How a result names the list it was made with: a built-in list by its display name
/// (`ENABLE2K`), a file by its name as given, escaped (`'my list.txt'`).
pub fn display_name(name: &str) -> String {
    match built_in(name) {
        Some(i) => BUILT_IN[i].1.to_string(),
        None => shown_name(name),
    }
}

/// The list `name` names: a built-in list when `name` is one's name (case-insensitive), else a
/// readable file of that name. The built-in names come first so that a stray file called
/// `enable2k` in the working folder cannot stand in for the list; `./enable2k` reads the file.
/// The error is one line that names the list.
pub fn find(name: &str) -> Result<Source, String> {
    if let Some(i) = built_in(name) {
        return Ok(Source::BuiltIn(i));
    }
    let file = std::fs::File::open(name).map_err(|e| cannot_read(name, &e))?;
    read_limited(name, file).map(Source::File)
}

/// The index in [`BUILT_IN`] of the list called `name` (case-insensitive), if one is.
fn built_in(name: &str) -> Option<usize> {
    BUILT_IN.iter().position(|l| name.eq_ignore_ascii_case(l.0))
}

/// A list's fingerprint as every front end shows it: 16 hex digits.
pub fn fingerprint(dict: &Dictionary) -> String {
    format!("{:016x}", dict.fingerprint())
}

/// How proof files and summaries name a word list: its size and fingerprint, the same for the
/// same words whatever the file is called on each machine.
pub fn words_key(dict: &Dictionary) -> String {
    format!("{} words, fingerprint {}", dict.len(), fingerprint(dict))
}

/// What a loaded list holds, in one line: its words and fingerprint (as [`words_key`] gives
/// them, for a result to name the list it holds for), the lines skipped and the duplicates
/// ignored.
pub fn summary(dict: &Dictionary) -> String {
    let s = dict.stats();
    let mut line = format!(
        "{}, fingerprint {}",
        plural(dict.len(), "word", "words"),
        fingerprint(dict)
    );
    if s.skipped() > 0 {
        line += &format!(", {} skipped", plural(s.skipped(), "line", "lines"));
    }
    if s.duplicates > 0 {
        line += &format!(
            ", {} ignored",
            plural(s.duplicates, "duplicate", "duplicates")
        );
    }
    line
}

/// Loads the list `name` names (see [`find`]) with the engine's loader; the error is one line
/// that names the list.
pub fn load(name: &str) -> Result<Dictionary, String> {
    let list = list_name(name);
    let loaded = match find(name)? {
        Source::File(bytes) => crate::engine::compiled::load(&bytes),
        Source::BuiltIn(i) => crate::engine::compiled::load(BUILT_IN[i].2),
    };
    loaded.map_err(|e| format!("{list}: {e}"))
}

/// Loads a list, text or compiled, from `reader` (the command line's stdin for `--wordlist
/// -`), read within the size limit as a file is; messages call it `name`.
pub fn load_from(name: &str, reader: impl Read) -> Result<Dictionary, String> {
    let bytes = read_at_most(name, reader)?;
    crate::engine::compiled::load(&bytes).map_err(|e| format!("{}: {e}", list_name(name)))
}

/// What reading a list of one's own skipped, for the reader to mend: one line for the lines
/// with characters other than a-z (with up to three of them), one for the lines the rules
/// leave out (too short, q without u), one for each note the loader made about list `name`'s
/// skipped words, and one for the words too long for any board beyond those the notes name.
/// A built-in list gets none: what its source holds that no board can use is no one's to mend.
pub fn notes(name: &str, stats: &LoadStats) -> Vec<String> {
    if built_in(name).is_some() {
        return Vec::new();
    }
    let list = list_name(name);
    let mut lines = Vec::new();
    if stats.bad_chars > 0 {
        // Quoted as the engine quotes input: a wrong file may hold control characters.
        let shown: Vec<String> = stats
            .bad_examples
            .iter()
            .take(3)
            .map(|e| format!("'{}'", crate::engine::quoted(e)))
            .collect();
        lines.push(format!(
            "{list}: {} with characters other than a-z skipped, e.g. {}",
            plural(stats.bad_chars, "line", "lines"),
            shown.join(", ")
        ));
    }
    let ruled_out = [
        (stats.too_short, "shorter than 3 letters"),
        (stats.q_without_u, "with q not followed by u"),
    ]
    .into_iter()
    .filter(|&(n, _)| n > 0)
    .map(|(n, why)| format!("{} {why}", grouped(n)))
    .collect::<Vec<_>>();
    if !ruled_out.is_empty() {
        lines.push(format!(
            "{list}: {} skipped, as the rules have it: {}",
            plural(stats.too_short + stats.q_without_u, "line", "lines"),
            ruled_out.join(", ")
        ));
    }
    lines.extend(stats.notes.iter().map(|n| format!("{list}: {n}")));
    if stats.too_long > stats.notes.len() {
        lines.push(format!(
            "{list}: {} in all {} longer than any board can spell: skipped",
            plural(stats.too_long, "word", "words"),
            unit(stats.too_long, "is", "are")
        ));
    }
    lines
}

/// Reads a word-list file, but never more than one byte over the size limit: a huge file is
/// refused by its size, and a device such as /dev/zero by the engine's check, instead of
/// filling memory.
fn read_limited(name: &str, file: std::fs::File) -> Result<Vec<u8>, String> {
    let size = file.metadata().map_err(|e| cannot_read(name, &e))?.len();
    if size > MAX_LIST_BYTES as u64 {
        let why = DictionaryError::TooBig(size.try_into().unwrap_or(usize::MAX));
        return Err(format!("{}: {why}", list_name(name)));
    }
    read_at_most(name, file)
}

/// Reads a word list, but never more than one byte over the size limit, which the engine's
/// loader then refuses: an endless stream cannot fill memory.
fn read_at_most(name: &str, reader: impl Read) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_LIST_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(name, &e))?;
    Ok(bytes)
}

/// "cannot read word list 'NAME': why", with the reason in plain words; a name that is no
/// file and no path (a built-in name mistyped: `enable`) also gets the built-in names.
fn cannot_read(name: &str, e: &io::Error) -> String {
    let list = list_name(name);
    let mut why = format!("cannot read {list}: {}", io_reason(e));
    if e.kind() == io::ErrorKind::NotFound && !name.contains(['/', '\\']) {
        let names: Vec<&str> = BUILT_IN.iter().map(|l| l.0).collect();
        why += &format!(" (built-in lists: {})", names.join(", "));
    }
    why
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_lists_are_found_by_name_and_missing_files_explained() {
        assert!(matches!(find("YAWL"), Ok(Source::BuiltIn(1))));
        let e = find("no/such/list.txt").err().expect("no such file");
        assert_eq!(
            e,
            "cannot read word list 'no/such/list.txt': no such file or folder"
        );
        let e = find("enable").err().expect("no such list");
        assert_eq!(
            e,
            "cannot read word list 'enable': no such file or folder (built-in lists: enable2k, \
             yawl)"
        );
        let dict = load("enable2k").expect("the default list loads");
        assert!(dict.stats().words > 100_000);
    }

    #[test]
    fn notes_name_the_list_and_count_the_long_words() {
        let stats = LoadStats {
            too_long: 3,
            notes: vec!["line 2: 'x1': not a-z: skipped".into()],
            ..LoadStats::default()
        };
        let lines = notes("mine.txt", &stats);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("word list 'mine.txt': line 2"));
        assert!(lines[1].contains("3 words in all are longer"));
        let stats = LoadStats {
            bad_chars: 4,
            bad_examples: ["caf\u{e9}", "\u{1b}[2J", "x1", "y2"]
                .map(String::from)
                .to_vec(),
            ..LoadStats::default()
        };
        assert_eq!(
            notes("mine.txt", &stats),
            [
                r#"word list 'mine.txt': 4 lines with characters other than a-z skipped, e.g. 'café', '\u{1b}[2J', 'x1'"#
            ]
        );
    }
}
