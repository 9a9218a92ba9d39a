//! File names and why a file could not be read or written, for messages: one wording for the
//! command line and the Python package, instead of the system's "No such file or directory (os
//! error 2)", and names that cannot rewrite the terminal.

use crate::engine::escaped;
use std::io;

/// The reason `e` gives, in plain words: the common kinds by name, any other without the
/// system's "(os error N)" tail.
pub fn io_reason(e: &io::Error) -> String {
    use io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "no such file or folder".into(),
        K::PermissionDenied => "permission denied".into(),
        K::IsADirectory => "it is a folder, not a file".into(),
        K::NotADirectory => "a part of the path is a file, not a folder".into(),
        K::StorageFull => "the disk is full".into(),
        K::FileTooLarge => "the file has reached the largest size this system allows".into(),
        K::ReadOnlyFilesystem => "the disk is read-only".into(),
        K::AlreadyExists => "it already exists".into(),
        _ => {
            let text = e.to_string();
            match text.rfind(" (os error ") {
                Some(at) if text.ends_with(')') => text[..at].to_string(),
                _ => text,
            }
        }
    }
}

/// A file name as a message shows it: in single quotes, with control and invisible characters
/// escaped (`'x\u{1b}[2J\n'`), so a hostile name cannot forge lines or move the cursor.
pub fn shown_name(name: &str) -> String {
    format!("'{}'", escaped(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_plain_words() {
        let read = |p: &str| std::fs::read(p).expect_err("cannot be read");
        assert_eq!(io_reason(&read("no/such/file")), "no such file or folder");
        let dir = std::env::temp_dir();
        assert_eq!(
            io_reason(&read(dir.to_str().expect("a UTF-8 path"))),
            "it is a folder, not a file"
        );
        let other = io::Error::from_raw_os_error(5);
        let plain = io_reason(&other);
        assert!(!plain.contains("os error") && !plain.is_empty(), "{plain}");
        assert_eq!(io_reason(&io::Error::other("cut short")), "cut short");
    }

    #[test]
    fn names_are_quoted_with_control_characters_escaped() {
        assert_eq!(shown_name("O'Brien\\my list.txt"), "'O'Brien\\my list.txt'");
        assert_eq!(shown_name("x\u{1b}[2J\nforged"), "'x\\u{1b}[2J\\nforged'");
        assert_eq!(shown_name("a\u{202e}b"), "'a\\u{202e}b'");
        assert_eq!(shown_name("café"), "'café'");
    }
}
