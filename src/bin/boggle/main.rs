//! `boggle`: the command-line face of the engine, for batch scoring, bounds and searches.
//!
//! One file per command (`score.rs`, `words.rs`, `canonical.rs`, `bound.rs`, `breaking.rs` for
//! `break`, `anneal.rs`, `hillclimb.rs`, `compile_list.rs`, `roll.rs`, `merge.rs`,
//! `completions.rs`, and `proof.rs` for the proof files of `break --out`, `meter.rs` for its
//! progress line); `common.rs` holds word lists, board input, failures and Ctrl-C, `optimize.rs`
//! what the two optimizer commands share. Every subcommand parses its input with the engine's
//! own parsers and prints plain lines (or JSON with `--json`); errors are one line on stderr and
//! a non-zero exit status.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// `say!` that never panics: a message that cannot be written (stderr closed, or a full
/// disk behind it) is lost, and the command still ends with its own exit code.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `say_part!` that never panics (see [`say!`]): a progress line rewritten in place.
macro_rules! say_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

mod anneal;
mod bound;
mod breaking;
mod canonical;
mod common;
mod compile_list;
mod completions;
mod defaults;
mod hillclimb;
mod merge;
mod meter;
mod optimize;
mod proof;
mod roll;
mod score;
mod words;

use common::Failure;

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
    Score(score::ScoreArgs),
    /// List every word on a board with its points and one path.
    Words(words::WordsArgs),
    /// Print each board's canonical form (smallest rotation or reflection): BOARD<TAB>CANONICAL.
    Canonical(canonical::CanonicalArgs),
    /// Upper bounds on the best board of a class (max/no-mark, sum/union) and its board count.
    Bound(bound::BoundArgs),
    /// Branch and bound: every board of a class (or of a whole letter partition) scoring at
    /// least --target, as SCORE<TAB>BOARD; progress and statistics on stderr.
    Break(breaking::BreakArgs),
    /// Search for a high-scoring board by simulated annealing; prints the best distinct
    /// boards as SCORE<TAB>BOARD (canonical), best last. Progress goes to stderr.
    #[command(mut_arg("letters", |a| a.help("The letters boards may use [default: every letter]")))]
    Anneal(anneal::AnnealArgs),
    /// Search for a high-scoring board by hill climbing with a pool of boards; prints the best
    /// distinct boards as SCORE<TAB>BOARD (canonical), best last. Progress goes to stderr.
    #[command(mut_arg("letters", |a| {
        a.help(format!(
            "The letters boards may use [default: the word list's {} most common letters]",
            boggle::optimize::COMMON_LETTERS
        ))
    }))]
    Hillclimb(hillclimb::HillClimbArgs),
    /// Save a word list compiled (what the page downloads for the shipped lists: about a twelfth
    /// of the text, a third of it gzipped, and it loads without parsing). Any --wordlist reads it.
    CompileList(compile_list::CompileArgs),
    /// Print the engine's option defaults and limits as JSON (what the page reads too).
    Defaults(defaults::DefaultsArgs),
    /// Roll a board from a set of real dice with a seed (the page's Play view rolls the same).
    Roll(roll::RollArgs),
    /// Combine the --out files of a partition search's shards: prints the boards reaching the
    /// target (canonical, once each, best first), each scored again with the run's word list,
    /// and checks every class was broken once.
    Merge(merge::MergeArgs),
    /// Print a script that gives a shell tab completion of boggle's commands, options and
    /// values: `source <(boggle completions bash)`, or save it where the shell looks.
    Completions(completions::CompletionsArgs),
}

/// The processor features this build assumes (see `.cargo/config.toml`), missing on this
/// machine: a clear message instead of an illegal instruction later.
#[cfg(target_arch = "x86_64")]
fn missing_cpu_features() -> Option<&'static str> {
    // CPUID leaf 1, ECX: SSE3 (0), SSSE3 (9), CMPXCHG16B (13), SSE4.1 (19), SSE4.2 (20), POPCNT (23).
    #[allow(unused_unsafe)]
    // SAFETY: CPUID leaf 1 exists on every x86-64 processor.
    let ecx = unsafe { std::arch::x86_64::__cpuid(1) }.ecx;
    let needed = [
        (0, "SSE3"),
        (9, "SSSE3"),
        (13, "CMPXCHG16B"),
        (19, "SSE4.1"),
        (20, "SSE4.2"),
        (23, "POPCNT"),
    ];
    needed
        .iter()
        .find(|(bit, _)| ecx >> bit & 1 == 0)
        .map(|(_, name)| *name)
}

#[cfg(not(target_arch = "x86_64"))]
fn missing_cpu_features() -> Option<&'static str> {
    None
}

/// Parses the command line. A negative number is read as a value (of the option before it, or a
/// board), where clap would take `--sample -1` for an unknown flag `-1`; the option's own check
/// then refuses it by name.
fn parse_cli() -> Result<(Cli, clap::ArgMatches), clap::Error> {
    let command = Cli::command().mut_subcommands(|sub| {
        sub.mut_args(|arg| {
            if arg.get_action().takes_values() {
                arg.allow_negative_numbers(true)
            } else {
                arg
            }
        })
    });
    let matches = command.try_get_matches()?;
    let cli = Cli::from_arg_matches_mut(&mut matches.clone())?;
    Ok((cli, matches))
}

/// Why an option typed on the command line does nothing in the mode chosen (an annealing
/// schedule, a hill-climbing order), if one does: such a run is refused, as `break --seed`
/// without `--sample` is, rather than run without what the user asked for.
fn unused_option(command: &Command, matches: &clap::ArgMatches) -> Option<String> {
    let (_, sub) = matches.subcommand()?;
    let given = |id: &str| {
        sub.try_contains_id(id).unwrap_or(false)
            && sub.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
    };
    match command {
        Command::Anneal(a) => anneal::unused(a, given),
        Command::Hillclimb(a) => hillclimb::unused(a, given),
        _ => None,
    }
}

/// The engine's [`boggle::optimize::Unused`] in the CLI's words: "--t-end works only with
/// --schedule geometric or tempering: the published schedule does not use it".
fn unused_text(u: &boggle::optimize::Unused) -> String {
    format!(
        "--{} works only with --{} {}: the {} {} does not use it",
        u.option.replace('_', "-"),
        u.setting,
        u.uses.join(" or "),
        u.chosen,
        u.setting
    )
}

/// When an argument is not UTF-8 text (which clap refuses without saying which): its place and
/// its text as far as it reads, escaped.
fn non_utf8_argument() -> Option<String> {
    std::env::args_os().skip(1).enumerate().find_map(|(i, a)| {
        a.to_str().is_none().then(|| {
            format!(
                "argument {} ('{}') is not UTF-8 text: give names and values in UTF-8",
                i + 1,
                boggle::engine::quoted(&a.to_string_lossy())
            )
        })
    })
}

/// For an option's number that failed to parse, the reason in plain words in place of Rust's
/// own ("invalid digit found in string", "number too large to fit in target type", "5000000000
/// is not in 0..=4294967295"): `(Rust's words, ours)`. None for any other error.
fn number_reason(e: &clap::Error) -> Option<(String, String)> {
    use std::num::{IntErrorKind, ParseFloatError, ParseIntError};
    if e.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let Some(ContextValue::String(value)) = e.get(ContextKind::InvalidValue) else {
        return None;
    };
    let source = std::error::Error::source(e)?;
    let theirs = source.to_string();
    let negative = value.starts_with('-') && value[1..].parse::<f64>().is_ok();
    let ours = if let Some(p) = source.downcast_ref::<ParseIntError>() {
        match p.kind() {
            IntErrorKind::Empty => "give a whole number".to_string(),
            IntErrorKind::InvalidDigit if negative => "it cannot be negative".to_string(),
            IntErrorKind::InvalidDigit => "it is not a whole number".to_string(),
            IntErrorKind::PosOverflow => "it is too large".to_string(),
            _ => return None,
        }
    } else if source.downcast_ref::<ParseFloatError>().is_some() {
        if value.is_empty() {
            "give a number".to_string()
        } else {
            "it is not a number".to_string()
        }
    } else {
        // clap's own range check on 32-bit options ("N is not in 0..=HIGH"): the value is
        // negative or past HIGH.
        let (_, range) = theirs.split_once(" is not in 0..=")?;
        let high = range.parse::<u64>().ok()?;
        if negative {
            "it cannot be negative".to_string()
        } else {
            format!("it is too large: at most {}", boggle::engine::grouped(high))
        }
    };
    Some((theirs, ours))
}

/// For a value that starts with '-' but is not a number, which clap takes for an unknown flag
/// (`--shard -1/2`): how to give it, so that the option's own check can say what is wrong.
fn hyphen_value_hint(e: &clap::Error) -> Option<String> {
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(flag)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let command = Cli::command();
    let takes_value = |option: &str| {
        option.strip_prefix("--").is_some_and(|name| {
            command
                .get_subcommands()
                .flat_map(|sub| sub.get_arguments())
                .any(|a| a.get_long() == Some(name) && a.get_action().takes_values())
        })
    };
    args.windows(2).find_map(|pair| {
        let (option, value) = (&pair[0], &pair[1]);
        (value.starts_with(flag.as_str()) && !value.starts_with("--") && takes_value(option)).then(
            || {
                format!(
                    "{option} takes a value, and one that starts with '-' is read as a flag: \
                 write {option}={value}"
                )
            },
        )
    })
}

/// For `break` given an option of a whole search (`--shard`) but no search: the options given
/// that need one (those whose help starts "With --partition or --proof") and how to give it,
/// instead of clap's list of required arguments.
fn search_needed(e: &clap::Error) -> Option<String> {
    if e.kind() != ErrorKind::MissingRequiredArgument {
        return None;
    }
    // What is missing, not the usage line (which names the search too).
    let Some(ContextValue::Strings(missing)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    if !missing
        .iter()
        .any(|m| m.contains("--partition <GROUPS>|--proof <NAME>"))
    {
        return None;
    }
    let command = Cli::command();
    let of_a_search: Vec<&str> = command
        .find_subcommand("break")?
        .get_arguments()
        .filter(|a| {
            a.get_help()
                .is_some_and(|h| h.to_string().starts_with("With --partition or --proof"))
        })
        .filter_map(|a| a.get_long())
        .collect();
    let given: Vec<String> = std::env::args()
        .filter_map(|arg| {
            let name = arg.strip_prefix("--")?.split('=').next()?.to_string();
            of_a_search
                .contains(&name.as_str())
                .then(|| format!("--{name}"))
        })
        .collect();
    let what = match given.as_slice() {
        [] => return None,
        [one] => one.clone(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    };
    Some(format!(
        "{what} {} on a whole search: give --partition GROUPS with --size RxC, or --proof NAME",
        if given.len() > 1 { "work" } else { "works" }
    ))
}

fn main() -> ExitCode {
    if let Some(name) = missing_cpu_features() {
        say!(
            "boggle: this build needs an x86-64-v2 processor and this one lacks {name}; \
             build it for this machine with RUSTFLAGS='-C target-cpu=native' cargo build --release"
        );
        return ExitCode::from(2);
    }
    let (cli, matches) = match parse_cli() {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            // --help and --version, written as every command writes stdout: a closed pipe ends
            // quietly, a full disk is said.
            use std::io::Write as _;
            let printed = e.print().and_then(|()| std::io::stdout().flush());
            return match printed {
                Err(io) if io.kind() != std::io::ErrorKind::BrokenPipe => {
                    say!("boggle: {}", boggle::files::io_reason(&io));
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            };
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // No command at all: the whole help (on stderr), as a failure.
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            // One line: clap's first paragraph (the error, the values a flag takes, the
            // arguments missing) and its tips (the command or option a typo meant), not the
            // usage after them, with control characters of a hostile value escaped rather than
            // sent to the terminal.
            let text = e.render().to_string();
            let first: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let hint = hyphen_value_hint(&e);
            // Our hint for a value that starts with '-' replaces clap's ("use '-- -1'"), which
            // would pass it as a board, not as the option's value.
            let hinted = hint.is_some();
            let tips = text
                .lines()
                .map(str::trim)
                .filter(|l| l.starts_with("tip:"))
                .filter(|l| !(hinted && l.starts_with("tip: to pass")));
            let mut line = [first.join(" ")]
                .into_iter()
                .chain(tips.map(str::to_string))
                .chain(hint)
                .collect::<Vec<_>>()
                .join("; ");
            if let Some((theirs, ours)) = number_reason(&e) {
                line = line.replace(&theirs, &ours);
            }
            if let Some(ours) = search_needed(&e) {
                line = ours;
            }
            if e.kind() == ErrorKind::InvalidUtf8 {
                if let Some(ours) = non_utf8_argument() {
                    line = ours;
                }
            }
            let line = line.trim_start_matches("error: ");
            let clean = boggle::engine::escaped(line);
            let line = if clean.is_empty() {
                "invalid arguments"
            } else {
                &clean
            };
            // The help of the command given, where one was.
            let command = std::env::args()
                .nth(1)
                .filter(|a| Cli::command().find_subcommand(a).is_some());
            let help = command.map_or("boggle --help".into(), |c| format!("boggle {c} --help"));
            say!("boggle: {line} (see {help})");
            return ExitCode::from(2);
        }
    };
    if let Some(why) = unused_option(&cli.command, &matches) {
        let help = matches.subcommand_name().unwrap_or_default();
        say!("boggle: {why} (see boggle {help} --help)");
        return ExitCode::from(2);
    }
    let result = match &cli.command {
        Command::Score(a) => score::score(a),
        Command::Words(a) => words::words(a),
        Command::Canonical(a) => canonical::canonical_cmd(a),
        Command::Bound(a) => bound::bound(a),
        Command::Break(a) => breaking::run(a),
        Command::Anneal(a) => anneal::anneal(a),
        Command::Hillclimb(a) => hillclimb::hillclimb(a),
        Command::CompileList(a) => compile_list::compile_list(a),
        Command::Defaults(a) => defaults::defaults(a),
        Command::Merge(a) => merge::merge(a),
        Command::Roll(a) => roll::roll(a),
        Command::Completions(a) => completions::completions(a, Cli::command()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Failure(msg)) => {
            // A closed pipe (e.g. `| head`) is not an error worth reporting.
            if msg.contains("Broken pipe") {
                return ExitCode::SUCCESS;
            }
            say!("boggle: {msg}");
            ExitCode::from(2)
        }
    }
}
