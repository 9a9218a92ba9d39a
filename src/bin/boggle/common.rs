//! Helpers shared by the subcommands: word lists, board input, and one-line failures.

use boggle::engine::board::{parse_size, Board};
use boggle::engine::solver::TooBigToSolve;
use boggle::engine::{quoted_to, without_bom};
use boggle::files::io_reason;
use boggle::Dictionary;
use clap::Args;
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

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
    /// Word list file, one word per line, or a built-in list: enable2k, yawl (a file of that name
    /// is read as ./enable2k); - reads it from stdin.
    #[arg(long, value_name = "FILE", default_value = boggle::word_lists::DEFAULT)]
    pub wordlist: String,
}

/// The `--wordlist` that reads the list from stdin.
pub const STDIN_LIST: &str = "-";

/// Reads `--size RxC` with the engine's size parser.
pub fn size_arg(s: &str) -> Result<(usize, usize), String> {
    parse_size(s).map_err(|e| e.to_string())
}

/// The shortest word counted (`--min N`), for the commands that score boards as a game does.
#[derive(Args)]
pub struct MinOpts {
    /// Count only words of at least N letters (a Qu cube's two among them): 4 is Big Boggle's
    /// rule.
    #[arg(long, value_name = "N", default_value_t = boggle::engine::scoring::MIN_WORD_LETTERS, value_parser = min_arg)]
    pub min: usize,
}

/// Reads `--min N` as the engine's rules take it.
fn min_arg(s: &str) -> Result<usize, String> {
    let n: usize = s.trim().parse().map_err(|e| format!("{e}"))?;
    boggle::play::Rules::new(n, false).map(|r| r.min_letters)
}

/// Set by the first Ctrl-C once [`catch_ctrl_c`] has installed its handler: a long command
/// then stops and reports what it has; a second Ctrl-C, given at least [`REPEAT_GAP`] later,
/// ends the program at once.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// When the first stop signal came, for [`catch_ctrl_c`] to tell a second request from a burst.
static FIRST_SIGNAL: OnceLock<Instant> = OnceLock::new();

/// How long after the first stop signal a repeat still counts as part of it. `timeout` and batch
/// systems signal the process and then its whole group, so one request arrives as two signals a
/// moment apart; a person pressing Ctrl-C again takes longer.
pub const REPEAT_GAP: Duration = Duration::from_secs(1);

/// The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED_EXIT: i32 = 130;

/// Installs the Ctrl-C handler that sets [`INTERRUPTED`], and returns the flag; SIGTERM and
/// SIGHUP (a batch system stopping a job, a closed terminal) are caught alike. A signal within
/// [`REPEAT_GAP`] of the first is part of the same request and is ignored, so the command still
/// reports what it found; one after that ends the program at once. Without the handler (the
/// system refused it) Ctrl-C ends the program as before.
pub fn catch_ctrl_c() -> &'static AtomicBool {
    let _ = ctrlc::set_handler(|| {
        let first = *FIRST_SIGNAL.get_or_init(Instant::now);
        if INTERRUPTED.swap(true, Ordering::Relaxed) && first.elapsed() >= REPEAT_GAP {
            std::process::exit(INTERRUPTED_EXIT);
        }
    });
    &INTERRUPTED
}

/// A failure worth one line on stderr.
pub struct Failure(pub String);

impl<E: std::fmt::Display + 'static> From<E> for Failure {
    /// The error's message; for a failed read or write (a full disk behind stdout), the reason
    /// in plain words, as every file message gives it.
    fn from(e: E) -> Failure {
        match (&e as &dyn std::any::Any).downcast_ref::<std::io::Error>() {
            Some(io) => Failure(io_reason(io)),
            None => Failure(e.to_string()),
        }
    }
}

/// The word list `--wordlist` names: a built-in list by name, a file (text or compiled), or
/// stdin ([`STDIN_LIST`]); notes about skipped words go to stderr.
pub fn load_list(opts: &ListOpts) -> Result<Arc<Dictionary>, Failure> {
    let name = opts.wordlist.as_str();
    let dict = if name == STDIN_LIST {
        boggle::word_lists::load_from(name, io::stdin().lock())
    } else {
        boggle::word_lists::load(name)
    }
    .map_err(Failure)?;
    for note in boggle::word_lists::notes(name, dict.stats()) {
        say!("boggle: {note}");
    }
    Ok(Arc::new(dict))
}

/// The longest board line read from stdin, in bytes: room for the largest board with spaces and
/// `qu` cells many times over, so that a stream without newlines cannot fill memory.
pub const MAX_BOARD_LINE: usize = 64 * 1024;

/// Reads a target score: a whole number, where one too large for the type reads as its largest,
/// so the search's own check names the real limit (999,999) instead of the type's.
pub fn target_arg(s: &str) -> Result<u32, std::num::ParseIntError> {
    match s.parse::<u32>() {
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Ok(u32::MAX),
        read => read,
    }
}

/// A board's text with its label for errors (`line 3`, `board 2`); `None` for a line past
/// [`MAX_BOARD_LINE`].
type Input = (String, Result<Option<String>, Failure>);

/// Boards from the arguments, or one per line from stdin, where blank lines (a file's last
/// line, a gap between groups) are skipped and the others keep their line numbers.
fn inputs(args: &[String]) -> Box<dyn Iterator<Item = Input> + '_> {
    if args.is_empty() {
        let lines = LimitedLines::new(io::stdin().lock(), MAX_BOARD_LINE);
        Box::new(
            lines
                .enumerate()
                .filter(|(_, l)| !matches!(l, Ok(Some(text)) if text.trim().is_empty()))
                .map(|(i, l)| {
                    (
                        format!("line {}", i + 1),
                        l.map_err(|e| Failure(format!("cannot read stdin: {}", io_reason(&e)))),
                    )
                }),
        )
    } else {
        Box::new(
            args.iter()
                .enumerate()
                .map(|(i, a)| (format!("board {}", i + 1), Ok(Some(a.clone())))),
        )
    }
}

/// How much of a refused board a message quotes: as typed, cut past a 6x6 board written out
/// row by row (more than `quoted` keeps), and nothing in it that could move the cursor.
pub const SHOWN_BOARD_CHARS: usize = 60;

/// Runs `each` on every readable board, reporting bad ones, and those `each` turns down, on
/// stderr; false if any was. Stdin without a board (an empty file) is nothing wrong, but is
/// said, so a pipe that delivered nothing does not pass unnoticed.
pub fn for_each_board(
    args: &[String],
    size: Option<(usize, usize)>,
    mut each: impl FnMut(&Board) -> io::Result<Result<(), TooBigToSolve>>,
) -> Result<bool, Failure> {
    let mut ok = true;
    let mut any = false;
    for (label, line) in inputs(args) {
        any = true;
        let Some(line) = line? else {
            say!(
                "boggle: {label}: longer than {} KB, not a board",
                MAX_BOARD_LINE >> 10
            );
            ok = false;
            continue;
        };
        match Board::parse(&line, size) {
            Ok(b) => {
                if let Err(e) = each(&b)? {
                    say!("boggle: {label}: {e}");
                    ok = false;
                }
            }
            Err(e) => {
                let shown = quoted_to(line.trim(), SHOWN_BOARD_CHARS);
                say!("boggle: {label} ('{shown}'): {e}");
                ok = false;
            }
        }
    }
    if !any {
        say!("boggle: no boards on stdin: give them as arguments or one per line");
    }
    Ok(ok)
}

/// Refuses a word list read from stdin when the boards would be read from there too: the list
/// takes all of it, and no board would be left.
pub fn check_stdin_is_free(list: &ListOpts, boards: &[String]) -> Result<(), Failure> {
    const STDIN: [&str; 4] = [STDIN_LIST, "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"];
    if boards.is_empty() && STDIN.contains(&list.wordlist.as_str()) {
        return Err(Failure(format!(
            "--wordlist {} reads stdin, where the boards would come from: give the boards as arguments",
            list.wordlist
        )));
    }
    Ok(())
}

/// The lines of a reader, like [`BufRead::lines`], but a line longer than the limit is read to
/// its end without being kept and comes out as `Ok(None)`: hostile input without newlines
/// costs time, never memory. A line past twice the limit (at least [`GIVE_UP_BYTES`]) ends the
/// reading with an error, so an endless stream such as /dev/zero ends too. Binary lines come out with U+FFFD for what is
/// not UTF-8.
pub struct LimitedLines<R> {
    reader: R,
    max: usize,
    /// The length of a line that ends the reading.
    give_up: usize,
    /// Set once a line passed `give_up`: nothing more is read.
    gave_up: bool,
    /// True until the first line is read (it may start with a byte-order mark).
    first: bool,
}

/// The least length at which [`LimitedLines`] stops skipping a line and refuses the whole input:
/// far beyond a board's line, and read in a few milliseconds.
pub const GIVE_UP_BYTES: usize = 64 << 20;

impl<R: BufRead> LimitedLines<R> {
    /// Lines of `reader`, each at most `max` bytes (without its line ending).
    pub fn new(reader: R, max: usize) -> LimitedLines<R> {
        LimitedLines {
            reader,
            max,
            give_up: max.saturating_mul(2).max(GIVE_UP_BYTES),
            gave_up: false,
            first: true,
        }
    }
}

impl<R: BufRead> Iterator for LimitedLines<R> {
    type Item = io::Result<Option<String>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.gave_up {
            return None;
        }
        let first = std::mem::take(&mut self.first);
        let mut line = Vec::new();
        let (mut read_any, mut too_long, mut skipped) = (false, false, 0usize);
        loop {
            let available = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if available.is_empty() {
                break;
            }
            read_any = true;
            let end = available.iter().position(|&b| b == b'\n');
            let part = &available[..end.unwrap_or(available.len())];
            if too_long || line.len() + part.len() > self.max {
                too_long = true;
                skipped += line.len() + part.len();
                line = Vec::new();
                if skipped > self.give_up {
                    self.gave_up = true;
                    return Some(Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "a line of more than {} MB: not a file of lines",
                            self.give_up >> 20
                        ),
                    )));
                }
            } else {
                line.extend_from_slice(part);
            }
            let used = end.map_or(available.len(), |e| e + 1);
            self.reader.consume(used);
            if end.is_some() {
                break;
            }
        }
        if !read_any {
            return None;
        }
        if too_long {
            return Some(Ok(None));
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        if first {
            let bom = line.len() - without_bom(&line).len();
            line.drain(..bom);
        }
        // Bytes that are not UTF-8 become U+FFFD: the line is then refused by whoever reads it
        // (a board, a proof line), and the lines after it are still read.
        Some(Ok(Some(String::from_utf8_lossy(&line).into_owned())))
    }
}

/// A time span for people, written as the page writes one: "40 s", "16 min 2 s", "1 h 5 min".
pub fn duration(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::{duration, LimitedLines};

    #[test]
    fn durations_read_as_the_page_writes_them() {
        let cases = [
            (0.2, "0 s"),
            (59.4, "59 s"),
            (59.6, "1 min 0 s"),
            (962.0, "16 min 2 s"),
            (3599.0, "59 min 59 s"),
            (3900.0, "1 h 5 min"),
            (90061.0, "25 h 1 min"),
            (-3.0, "0 s"),
        ];
        for (secs, want) in cases {
            assert_eq!(duration(secs), want, "{secs}");
        }
    }

    fn lines(text: &[u8], max: usize) -> Vec<Option<String>> {
        LimitedLines::new(text, max).map(|l| l.unwrap()).collect()
    }

    #[test]
    fn reads_lines_as_std_does_within_the_limit() {
        let text = b"abc\r\n\ndefg\nlast";
        let ours: Vec<String> = lines(text, 10).into_iter().map(Option::unwrap).collect();
        let std: Vec<String> = std::io::BufRead::lines(&text[..])
            .map(Result::unwrap)
            .collect();
        assert_eq!(ours, std);
    }

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_not_part_of_it() {
        let text = b"\xEF\xBB\xBFabc\n\xEF\xBB\xBFdef\n";
        let read = lines(text, 10);
        assert_eq!(read[0].as_deref(), Some("abc"));
        // Only the start of the stream holds one: later, it is a character like any other.
        assert_eq!(read[1].as_deref(), Some("\u{feff}def"));
    }

    #[test]
    fn a_line_past_the_limit_is_skipped_to_its_end() {
        let text = b"abcd\nabcde\nxy\nabcdefghij";
        assert_eq!(
            lines(text, 4),
            [Some("abcd".into()), None, Some("xy".into()), None]
        );
        // A buffer smaller than the line: the limit holds across refills.
        let reader = std::io::BufReader::with_capacity(2, &text[..]);
        let small: Vec<_> = LimitedLines::new(reader, 4).map(|l| l.unwrap()).collect();
        assert_eq!(small, lines(text, 4));
    }

    #[test]
    fn an_endless_line_ends_the_reading_with_an_error() {
        let endless = std::io::BufReader::new(std::io::repeat(0));
        let read: Vec<_> = LimitedLines::new(endless, 16).take(3).collect();
        assert_eq!(read.len(), 1, "nothing is read after the error");
        let e = read[0].as_ref().expect_err("an endless line is refused");
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            "a line of more than 64 MB: not a file of lines"
        );
    }
}
