//! `boggle`: the command-line face of the engine, for batch scoring, bounds and searches.
//!
//! Every subcommand parses its input with the engine's own parsers and prints plain lines
//! (or JSON with `--json`); errors are one line on stderr and a non-zero exit status.

use boggle::board::Board;
use boggle::symmetry::canonical;
use boggle::Solver;
use clap::{Args, Parser, Subcommand};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

mod anneal;
mod bound;
mod breaker;
mod common;
mod hillclimb;
mod proof;
mod search;

use common::{for_each_board, load_list, BoardOpts, Failure, ListOpts};

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
    /// Upper bounds on the best board of a class (max/no-mark, sum/union) and its board count.
    Bound(bound::BoundArgs),
    /// Branch and bound: every board of a class (or of a whole letter partition) scoring at
    /// least --target, as SCORE<TAB>BOARD; progress and statistics on stderr.
    Break(breaker::BreakArgs),
    /// Search for a high-scoring board by simulated annealing; prints the best distinct
    /// boards as SCORE<TAB>BOARD (canonical), best last. Progress goes to stderr.
    Anneal(anneal::AnnealArgs),
    /// Search for a high-scoring board by hill climbing with a pool of boards; prints the best
    /// distinct boards as SCORE<TAB>BOARD (canonical), best last. Progress goes to stderr.
    Hillclimb(hillclimb::HillClimbArgs),
    /// Save a word list as a compiled trie (what the page downloads for the shipped lists:
    /// it loads without parsing). Any command's --wordlist also reads compiled lists.
    CompileList(CompileArgs),
    /// Combine the --out files of a partition search's shards: prints the boards reaching the
    /// target (canonical, once each, best first) and checks every class was broken once.
    Merge(proof::MergeArgs),
}

#[derive(Args)]
struct CompileArgs {
    #[command(flatten)]
    list: ListOpts,
    /// Where to write the compiled list.
    out: std::path::PathBuf,
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

fn score(a: &ScoreArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    let mut solver = Solver::new(dict);
    let mut out = BufWriter::new(io::stdout().lock());
    let ok = for_each_board(&a.boards, a.board.size, |b| {
        let s = if a.multiboggle {
            solver.multiboggle_score(b)
        } else {
            solver.score(b)
        };
        writeln!(out, "{b}\t{s}")
    })?;
    out.flush()?;
    Ok(ok)
}

fn words(a: &WordsArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    let board = Board::parse(&a.board_text, a.board.size)?;
    let words = Solver::new(dict).words(&board);
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
        writeln!(
            out,
            "{board}\t{}x{}\t{total} points\t{} words",
            board.rows(),
            board.cols(),
            words.len()
        )?;
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
    let ok = for_each_board(&a.boards, a.board.size, |b| {
        writeln!(out, "{b}\t{}", canonical(b))
    })?;
    out.flush()?;
    Ok(ok)
}

fn compile_list(a: &CompileArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    std::fs::write(&a.out, boggle::compiled::to_bytes(&dict))
        .map_err(|e| Failure(format!("cannot write '{}': {e}", a.out.display())))?;
    Ok(true)
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
            let first = text
                .lines()
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            eprintln!("boggle: {first} (see boggle --help)");
            return ExitCode::from(2);
        }
    };
    let result = match &cli.command {
        Command::Score(a) => score(a),
        Command::Words(a) => words(a),
        Command::Canonical(a) => canonical_cmd(a),
        Command::Bound(a) => bound::bound(a),
        Command::Break(a) => breaker::run(a),
        Command::Anneal(a) => anneal::anneal(a),
        Command::Hillclimb(a) => hillclimb::hillclimb(a),
        Command::CompileList(a) => compile_list(a),
        Command::Merge(a) => proof::merge(a),
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
