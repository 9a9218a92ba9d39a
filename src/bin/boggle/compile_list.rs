//! `boggle compile-list`: saves a word list compiled (a minimal DAWG, see
//! `boggle::engine::compiled`), the form the page downloads for the shipped lists: a fraction of
//! the text's size, and it loads without parsing.

use crate::common::{load_list, Failure, ListOpts};
use boggle::files::{io_reason, shown_name};
use boggle::word_lists::list_name;
use clap::Args;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Options of `boggle compile-list`.
#[derive(Args)]
pub struct CompileArgs {
    #[command(flatten)]
    list: ListOpts,
    /// Where to write the compiled list: a new file, or a compiled list to replace (a file
    /// that is not one, such as the text list itself, is refused).
    out: String,
}

/// Writes the compiled list, and says what it holds: its words and fingerprint (what a proof
/// made with it records) and what reading the text skipped.
pub fn compile_list(a: &CompileArgs) -> Result<bool, Failure> {
    let target = check_out(&a.out, &a.list.wordlist)?;
    let dict = load_list(&a.list)?;
    let bytes = boggle::engine::compiled::to_bytes(&dict)
        .map_err(|e| Failure(format!("{}: {e}", list_name(&a.list.wordlist))))?;
    replace(&target, &bytes).map_err(|e| {
        Failure(format!(
            "cannot write {}: {}",
            shown_name(&a.out),
            io_reason(&e)
        ))
    })?;
    // Written as every command writes stdout: a closed pipe ends the command quietly, a full
    // disk is said (println! would panic).
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "wrote {}: {}",
        shown_name(&a.out),
        boggle::word_lists::summary(&dict)
    )?;
    out.flush()?;
    Ok(true)
}

/// The file `out` names, checked before any work: a new file, or an existing compiled list
/// (recompiling is the usual way to update one), which the link is followed to when `out` is
/// one. The word list being compiled, and any other file that is not a compiled list (a text
/// list, a proof file, a device), are refused, since writing would destroy them.
fn check_out(out: &str, wordlist: &str) -> Result<PathBuf, Failure> {
    let refuse = |why: String| Failure(format!("{}: {why}", shown_name(out)));
    let meta = match std::fs::metadata(out) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(PathBuf::from(out)),
        Err(e) => return Err(refuse(io_reason(&e))),
        Ok(m) => m,
    };
    if meta.is_dir() {
        return Err(refuse(
            "it is a folder: give the compiled list's file name".into(),
        ));
    }
    if !meta.is_file() {
        return Err(refuse(
            "it is not a regular file: give the compiled list's file name".into(),
        ));
    }
    if same_file(out, wordlist) {
        return Err(refuse(
            "it is the word list being compiled: give the compiled list a name of its own \
             (e.g. list.dawg)"
                .into(),
        ));
    }
    let mut head = Vec::new();
    std::fs::File::open(out)
        .and_then(|f| f.take(8).read_to_end(&mut head))
        .map_err(|e| refuse(format!("cannot read it: {}", io_reason(&e))))?;
    if !head.is_empty() && !boggle::engine::compiled::is_compiled(&head) {
        return Err(refuse(
            "it exists and is not a compiled list: give another name, or remove the file \
             first if it is to go"
                .into(),
        ));
    }
    std::fs::canonicalize(out).map_err(|e| refuse(io_reason(&e)))
}

/// True when `out` and `wordlist` name one file (by the same name, another or a link); a
/// built-in list's name that is no file names none.
fn same_file(out: &str, wordlist: &str) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(out), std::fs::metadata(wordlist)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(out), std::fs::canonicalize(wordlist)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// Writes `bytes` to `path` through a new file in the same folder, renamed over `path` once it
/// is whole: a full disk or a killed run leaves `path` as it was, never half written.
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = path.with_file_name(format!(".{name}.{}.part", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        })
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}
