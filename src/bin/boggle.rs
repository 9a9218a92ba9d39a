//! `boggle`: the command-line face of the engine, for batch scoring, bounds and searches.
//!
//! Every subcommand parses its input with the engine's own parsers and prints plain lines
//! (or JSON with `--json`); errors are one line on stderr and a non-zero exit status.

use boggle::board::{parse_size, Board};
use boggle::symmetry::canonical;
use boggle::{Dictionary, Solver};
use clap::{Args, Parser, Subcommand};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

const ENABLE2K: &[u8] = include_bytes!("../../wordlists/enable2k.txt");
const YAWL: &[u8] = include_bytes!("../../wordlists/yawl.txt");

/// Boggle Explorer on the command line: score boards, list words, bound board classes and
/// search for high-scoring boards. ENABLE2K is built in and used unless --wordlist says otherwise.
#[derive(Parser)]
#[command(name = "boggle", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Score boards given as arguments, or one per line on stdin: prints BOARD<TAB>SCORE.
    Score(ScoreArgs),
    /// List every word on a board with its points and one path.
    Words(WordsArgs),
    /// Print each board's canonical form (smallest rotation or reflection): BOARD<TAB>CANONICAL.
    Canonical(CanonicalArgs),
}

/// Options shared by every command that reads boards.
#[derive(Args)]
struct BoardOpts {
    /// Board size as ROWSxCOLS (e.g. 4x4, 3x4); by default it follows from the length.
    #[arg(long, value_name = "RxC", value_parser = size_arg)]
    size: Option<(usize, usize)>,
}

/// The word list option.
#[derive(Args)]
struct ListOpts {
    /// Word list file, one word per line (or the built-in names enable2k, yawl).
    #[arg(long, value_name = "FILE", default_value = "enable2k")]
    wordlist: String,
}

#[derive(Args)]
struct ScoreArgs {
    #[command(flatten)]
    list: ListOpts,
    #[command(flatten)]
    board: BoardOpts,
    /// Count each word once per distinct set of cells that spells it.
    #[arg(long)]
    multiboggle: bool,
    /// Boards as row-major strings (e.g. perslatgsineters); read from stdin when absent.
    boards: Vec<String>,
}

#[derive(Args)]
struct WordsArgs {
    #[command(flatten)]
    list: ListOpts,
    #[command(flatten)]
    board: BoardOpts,
    /// Print one JSON object: {"board", "rows", "cols", "score", "words": [{"word", "points", "path"}]}.
    #[arg(long)]
    json: bool,
    /// The board as a row-major string.
    board_text: String,
}

#[derive(Args)]
struct CanonicalArgs {
    #[command(flatten)]
    board: BoardOpts,
    /// Boards as row-major strings; read from stdin when absent.
    boards: Vec<String>,
}

fn size_arg(s: &str) -> Result<(usize, usize), String> {
    parse_size(s).map_err(|e| e.to_string())
}

/// A failure worth one line on stderr.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

fn load_list(opts: &ListOpts) -> Result<Dictionary, Failure> {
    let name = opts.wordlist.as_str();
    let bytes = match std::fs::read(name) {
        Ok(b) => b,
        Err(_) if name.eq_ignore_ascii_case("enable2k") => ENABLE2K.to_vec(),
        Err(_) if name.eq_ignore_ascii_case("yawl") => YAWL.to_vec(),
        Err(e) => return Err(Failure(format!("cannot read word list '{name}': {}", io_reason(&e)))),
    };
    Dictionary::from_bytes(&bytes).map_err(|e| Failure(format!("word list '{name}': {e}")))
}

fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Boards from the arguments, or one per line from stdin, each with a label for errors.
fn inputs(args: &[String]) -> Box<dyn Iterator<Item = (String, Result<String, Failure>)> + '_> {
    if args.is_empty() {
        Box::new(
            io::stdin()
                .lock()
                .lines()
                .enumerate()
                .map(|(i, l)| (format!("line {}", i + 1), l.map_err(|e| Failure(format!("cannot read stdin: {e}"))))),
        )
    } else {
        Box::new(args.iter().enumerate().map(|(i, a)| (format!("board {}", i + 1), Ok(a.clone()))))
    }
}

/// Runs `each` on every readable board, reporting bad ones on stderr; false if any was bad.
fn for_each_board(
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

fn score(a: &ScoreArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    let mut solver = Solver::new(&dict);
    let mut out = BufWriter::new(io::stdout().lock());
    let ok = for_each_board(&a.boards, a.board.size, |b| {
        let s = if a.multiboggle { solver.multiboggle_score(b) } else { solver.score(b) };
        writeln!(out, "{b}\t{s}")
    })?;
    out.flush()?;
    Ok(ok)
}

fn words(a: &WordsArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    let board = Board::parse(&a.board_text, a.board.size)?;
    let words = Solver::new(&dict).words(&board);
    let total: u32 = words.iter().map(|w| w.points).sum();
    let mut out = BufWriter::new(io::stdout().lock());
    if a.json {
        let v = serde_json::json!({
            "board": board.to_string(),
            "rows": board.rows(),
            "cols": board.cols(),
            "score": total,
            "words": words,
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{board}\t{}x{}\t{total} points\t{} words", board.rows(), board.cols(), words.len())?;
        for w in &words {
            let path: Vec<String> = w.path.iter().map(|c| c.to_string()).collect();
            writeln!(out, "{}\t{}\t{}", w.points, w.word, path.join(","))?;
        }
    }
    out.flush()?;
    Ok(true)
}

fn canonical_cmd(a: &CanonicalArgs) -> Result<bool, Failure> {
    let mut out = BufWriter::new(io::stdout().lock());
    let ok = for_each_board(&a.boards, a.board.size, |b| writeln!(out, "{b}\t{}", canonical(b)))?;
    out.flush()?;
    Ok(ok)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("invalid arguments").trim_start_matches("error: ");
            eprintln!("boggle: {first} (see boggle --help)");
            return ExitCode::from(2);
        }
    };
    let result = match &cli.command {
        Command::Score(a) => score(a),
        Command::Words(a) => words(a),
        Command::Canonical(a) => canonical_cmd(a),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Failure(msg)) => {
            // A closed pipe (e.g. `| head`) is not an error worth reporting.
            if msg.contains("Broken pipe") {
                return ExitCode::SUCCESS;
            }
            eprintln!("boggle: {msg}");
            ExitCode::from(2)
        }
    }
}
