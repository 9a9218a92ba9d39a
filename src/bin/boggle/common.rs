//! Helpers shared by the subcommands: word lists, board input, and one-line failures.

use boggle::engine::board::{parse_size, Board};
use boggle::Dictionary;
use clap::Args;
use std::io::{self, BufRead};
use std::sync::Arc;

/// The word lists built into the CLI and shipped with the page: URL name, display name, text.
/// The first is the default everywhere.
pub const BUILT_IN: [(&str, &str, &[u8]); 2] = [
    (
        "enable2k",
        "ENABLE2K",
        include_bytes!("../../../wordlists/enable2k.txt"),
    ),
    (
        "yawl",
        "YAWL",
        include_bytes!("../../../wordlists/yawl.txt"),
    ),
];

/// Options shared by every command that reads boards.
#[derive(Args)]
pub struct BoardOpts {
    /// Board size as ROWSxCOLS (e.g. 4x4, 3x4); by default it follows from the length.
    #[arg(long, value_name = "RxC", value_parser = size_arg)]
    pub size: Option<(usize, usize)>,
}

/// The word list option.
#[derive(Args)]
pub struct ListOpts {
    /// Word list file, one word per line (or the built-in names enable2k, yawl).
    #[arg(long, value_name = "FILE", default_value = "enable2k")]
    pub wordlist: String,
}

/// Reads `--size RxC` with the engine's size parser.
pub fn size_arg(s: &str) -> Result<(usize, usize), String> {
    parse_size(s).map_err(|e| e.to_string())
}

/// A failure worth one line on stderr.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

/// The word list `--wordlist` names: a file (text or compiled), or a built-in list by name.
pub fn load_list(opts: &ListOpts) -> Result<Arc<Dictionary>, Failure> {
    let name = opts.wordlist.as_str();
    let bytes = match std::fs::File::open(name) {
        Ok(file) => read_limited(name, file)?,
        Err(_) if BUILT_IN.iter().any(|l| name.eq_ignore_ascii_case(l.0)) => BUILT_IN
            .iter()
            .find(|l| name.eq_ignore_ascii_case(l.0))
            .map(|l| l.2.to_vec())
            .expect("just found"),
        Err(e) => return Err(cannot_read(name, &e)),
    };
    let dict = boggle::engine::compiled::load(&bytes)
        .map_err(|e| Failure(format!("word list '{name}': {e}")))?;
    let stats = dict.stats();
    for note in &stats.notes {
        eprintln!("word list '{name}': {note}");
    }
    if stats.too_long > stats.notes.len() {
        eprintln!(
            "word list '{name}': {} words in all are longer than any board can spell: skipped",
            stats.too_long
        );
    }
    Ok(Arc::new(dict))
}

/// Reads a word-list file, but never more than one byte over the size limit: a huge file is
/// refused by its size, and a device such as /dev/zero by the engine's check, instead of
/// filling memory.
fn read_limited(name: &str, file: std::fs::File) -> Result<Vec<u8>, Failure> {
    use boggle::engine::dictionary::{DictionaryError, MAX_LIST_BYTES};
    use std::io::Read;
    let size = file.metadata().map_err(|e| cannot_read(name, &e))?.len();
    if size > MAX_LIST_BYTES as u64 {
        let why = DictionaryError::TooBig(size.try_into().unwrap_or(usize::MAX));
        return Err(Failure(format!("word list '{name}': {why}")));
    }
    let mut bytes = Vec::new();
    file.take(MAX_LIST_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(name, &e))?;
    Ok(bytes)
}

fn cannot_read(name: &str, e: &io::Error) -> Failure {
    Failure(format!("cannot read word list '{name}': {}", io_reason(e)))
}

fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Boards from the arguments, or one per line from stdin, each with a label for errors.
pub fn inputs(args: &[String]) -> Box<dyn Iterator<Item = (String, Result<String, Failure>)> + '_> {
    if args.is_empty() {
        Box::new(io::stdin().lock().lines().enumerate().map(|(i, l)| {
            (
                format!("line {}", i + 1),
                l.map_err(|e| Failure(format!("cannot read stdin: {e}"))),
            )
        }))
    } else {
        Box::new(
            args.iter()
                .enumerate()
                .map(|(i, a)| (format!("board {}", i + 1), Ok(a.clone()))),
        )
    }
}

/// Runs `each` on every readable board, reporting bad ones on stderr; false if any was bad.
pub fn for_each_board(
    args: &[String],
    size: Option<(usize, usize)>,
    mut each: impl FnMut(&Board) -> io::Result<()>,
) -> Result<bool, Failure> {
    let mut ok = true;
    for (label, line) in inputs(args) {
        let line = line?;
        match Board::parse(&line, size) {
            Ok(b) => each(&b)?,
            Err(e) => {
                eprintln!("boggle: {label} ('{}'): {e}", line.trim().escape_default());
                ok = false;
            }
        }
    }
    Ok(ok)
}
